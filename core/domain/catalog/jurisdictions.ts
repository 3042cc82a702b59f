/** Display names of RuleSpec jurisdiction prefixes; summaries carry them so `colorado` finds `us-co` rules. */
import { closestMatch, normaliseId } from '../suggest.js';

const NAMES: Record<string, string> = {
  us: 'United States federal',
  'us-al': 'Alabama', 'us-ak': 'Alaska', 'us-az': 'Arizona', 'us-ar': 'Arkansas', 'us-ca': 'California',
  'us-co': 'Colorado', 'us-ct': 'Connecticut', 'us-de': 'Delaware', 'us-dc': 'District of Columbia',
  'us-fl': 'Florida', 'us-ga': 'Georgia', 'us-hi': 'Hawaii', 'us-id': 'Idaho', 'us-il': 'Illinois',
  'us-in': 'Indiana', 'us-ia': 'Iowa', 'us-ks': 'Kansas', 'us-ky': 'Kentucky', 'us-la': 'Louisiana',
  'us-me': 'Maine', 'us-md': 'Maryland', 'us-ma': 'Massachusetts', 'us-mi': 'Michigan', 'us-mn': 'Minnesota',
  'us-ms': 'Mississippi', 'us-mo': 'Missouri', 'us-mt': 'Montana', 'us-ne': 'Nebraska', 'us-nv': 'Nevada',
  'us-nh': 'New Hampshire', 'us-nj': 'New Jersey', 'us-nm': 'New Mexico', 'us-ny': 'New York',
  'us-nc': 'North Carolina', 'us-nd': 'North Dakota', 'us-oh': 'Ohio', 'us-ok': 'Oklahoma', 'us-or': 'Oregon',
  'us-pa': 'Pennsylvania', 'us-ri': 'Rhode Island', 'us-sc': 'South Carolina', 'us-sd': 'South Dakota',
  'us-tn': 'Tennessee', 'us-tx': 'Texas', 'us-ut': 'Utah', 'us-vt': 'Vermont', 'us-va': 'Virginia',
  'us-wa': 'Washington', 'us-wv': 'West Virginia', 'us-wi': 'Wisconsin', 'us-wy': 'Wyoming',
  'us-pr': 'Puerto Rico', 'us-gu': 'Guam', 'us-vi': 'U.S. Virgin Islands',
  'us-xx': 'Example state',
};

export function jurisdictionName(jurisdiction: string): string {
  return NAMES[jurisdiction] ?? jurisdiction.toUpperCase();
}

const DOCUMENT_CLASSES: Record<string, string> = {
  statutes: 'statute',
  regulations: 'regulation',
  policies: 'policy',
  legislation: 'legislation',
};

/** `statutes` -> `statute`; a non-atomic root (e.g. `manual`) keeps its own name. */
export function documentClassOf(root: string): string {
  return DOCUMENT_CLASSES[root] ?? root;
}

/** Other spellings of a jurisdiction id, all lower case: the postal code (`tx`) and the name (`texas`, `new-york`). */
const JURISDICTION_ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries(NAMES).flatMap(([id, name]) => {
    const spellings: Array<[string, string]> = [[name.toLowerCase().replace(/\s+/g, '-'), id]];
    if (id.startsWith('us-')) spellings.push([id.slice(3), id]);
    return spellings;
  }),
);

/** Every jurisdiction id this service has a name for (`us`, `us-al`, ...). */
export function namedJurisdictions(): string[] {
  return Object.keys(NAMES);
}

/**
 * The id among `known` that `input` most likely means (`TX`, `US-TX`, `Texas` -> `us-tx`), or null. A spelling of a
 * real jurisdiction that is not among `known` (`us-pr` where only States have packages) gets no suggestion: the
 * nearest other id (`us-or`) would be a different place.
 */
export function suggestJurisdiction(input: string, known: Iterable<string>): string | null {
  const typed = normaliseId(input);
  const meant = Object.hasOwn(NAMES, typed) ? typed : JURISDICTION_ALIASES.get(typed);
  if (meant !== undefined) return [...known].includes(meant) ? meant : null;
  return closestMatch(input, known);
}
