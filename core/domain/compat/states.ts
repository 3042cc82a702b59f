/** US State / territory codes and names of the external wire format, and the jurisdiction ids Tenet packages use. */

const NAMES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  GU: 'Guam', VI: 'U.S. Virgin Islands', PR: 'Puerto Rico', AS: 'American Samoa', MP: 'Northern Mariana Islands',
};

const BY_NAME = new Map<string, string>();
for (const [code, name] of Object.entries(NAMES)) {
  BY_NAME.set(normalise(name), code);
  BY_NAME.set(normalise(name.replace(/\s+/g, '_')), code);
}
BY_NAME.set('virgin islands', 'VI');
BY_NAME.set('us virgin islands', 'VI');

function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/[._]/g, ' ').replace(/\s+/g, ' ');
}

/** A two-letter code (any case) or a full name (any case, spaces or underscores) -> upper-case code, else null. */
export function stateCodeOf(value: string): string | null {
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && NAMES[trimmed.toUpperCase()] !== undefined) return trimmed.toUpperCase();
  return BY_NAME.get(normalise(trimmed)) ?? null;
}

/** `CO` -> `us-co`. */
export function jurisdictionOf(code: string): string {
  return `us-${code.toLowerCase()}`;
}
