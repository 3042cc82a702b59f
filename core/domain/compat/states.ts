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

/** FIPS State codes (ANSI INCITS 38) of the States and DC -> the two-letter code; PolicyEngine's `state_fips`. */
const FIPS: Record<number, string> = {
  1: 'AL', 2: 'AK', 4: 'AZ', 5: 'AR', 6: 'CA', 8: 'CO', 9: 'CT', 10: 'DE', 11: 'DC', 12: 'FL', 13: 'GA', 15: 'HI', 16: 'ID',
  17: 'IL', 18: 'IN', 19: 'IA', 20: 'KS', 21: 'KY', 22: 'LA', 23: 'ME', 24: 'MD', 25: 'MA', 26: 'MI', 27: 'MN', 28: 'MS',
  29: 'MO', 30: 'MT', 31: 'NE', 32: 'NV', 33: 'NH', 34: 'NJ', 35: 'NM', 36: 'NY', 37: 'NC', 38: 'ND', 39: 'OH', 40: 'OK',
  41: 'OR', 42: 'PA', 44: 'RI', 45: 'SC', 46: 'SD', 47: 'TN', 48: 'TX', 49: 'UT', 50: 'VT', 51: 'VA', 53: 'WA', 54: 'WV',
  55: 'WI', 56: 'WY',
};

/** A FIPS State code (number or numeric text) -> the two-letter code, else null. */
export function stateCodeOfFips(value: unknown): string | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && Object.hasOwn(FIPS, n) ? FIPS[n] : null;
}
