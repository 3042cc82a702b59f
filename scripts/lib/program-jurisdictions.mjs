/**
 * The jurisdictions a program reading the HHS poverty guidelines is generated for: every SNAP State agency's (50
 * States, DC, Guam, the Virgin Islands; scripts/data/snap-state-figures.json), each with its SNAP figures for the
 * SNAP link, and the program's own jurisdictions without SNAP (territories), in code order.
 */

/** The HHS table of a SNAP State: Alaska's and Hawaii's own; SNAP's Guam and Virgin Islands tables are not HHS's. */
const hhsArea = (snapArea) => (snapArea === 'alaska' || snapArea === 'hawaii' ? snapArea : '48_states_dc');

/**
 * `others`: [code, { name, area?, note }] of the program's jurisdictions without SNAP (the 48-State table unless
 * `area` says otherwise; `note` says why there is no SNAP link).
 */
export function programJurisdictions(snapData, others = []) {
  const withSnap = Object.entries(snapData.states).map(([code, st]) =>
    ({ code, name: st.name, snap: st, area: hhsArea(st.area), territory: ['gu', 'vi'].includes(code) }));
  const without = others.map(([code, t]) => ({ code, name: t.name, snap: null, area: t.area ?? '48_states_dc', territory: true, note: t.note }));
  return [...withSnap, ...without].sort((a, b) => a.code.localeCompare(b.code));
}
