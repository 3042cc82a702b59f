/** PolicyEngine's entity groups and definition periods, as the compatibility endpoint's tables name them. */

export type EntityGroup = 'people' | 'tax_units' | 'spm_units' | 'families' | 'households' | 'marital_units';
export const ENTITY_GROUPS: readonly EntityGroup[] = ['people', 'tax_units', 'spm_units', 'families', 'households', 'marital_units'];

/** `year`: a bare-year value is an annual amount (a month gets a twelfth); `month`: values are monthly. */
export type DefinitionPeriod = 'year' | 'month';
