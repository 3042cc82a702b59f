/** Schemas of the migration-only compatibility endpoint (its own envelope, not the standard one). */
import * as v from 'valibot';
import { ENTITY_GROUPS } from '../../domain/compat/variables.js';
import { AssumptionSchema, RuntimeRefSchema } from './calculation.js';
import { MetaSchema } from './common.js';

const Scalar = v.union([v.number(), v.boolean(), v.string(), v.null()]);
const Entity = v.record(v.string(), v.union([Scalar, v.record(v.string(), Scalar), v.array(v.string())]));
const Group = v.record(v.string(), Entity);
const Household = v.strictObject(Object.fromEntries(ENTITY_GROUPS.map((g) => [g, v.optional(Group)])) as Record<(typeof ENTITY_GROUPS)[number], v.OptionalSchema<typeof Group, undefined>>);

/** Documents the request; the route parses it itself so bad bodies get the compatibility error shape. */
export const CompatRequestSchema = v.strictObject({ household: Household });

const EntityGroupSchema = v.picklist(ENTITY_GROUPS);

/**
 * A calculation's assumption (AssumptionSchema) in the PolicyEngine household's terms: its input, entity kind and
 * assumed value as the calculation gives them; the entity id, where to give the fact and the message in the request's
 * terms; and which SPM unit and months relied on it.
 */
const CompatAssumptionSchema = v.strictObject({
  spm_unit: v.pipe(v.string(), v.description('The SPM unit (its id in spm_units) whose calculation relied on the default; for the EITC and CTC, the tax unit (its id in tax_units).')),
  entity_group: v.pipe(
    v.picklist(['people', 'spm_units', 'households', 'tax_units']),
    v.description("Where the household gives the fact: people for a person's fact; spm_units (households for household_vehicles_value and is_on_tribal_land) for a fact of the SNAP, Lifeline or WIC household; tax_units for the filing status of the EITC and CTC."),
  ),
  entity_id: v.pipe(v.string(), v.description("The entity's id in that group of the request household: the person's key in people, the SPM unit's or the household's.")),
  policyengine_variable: v.pipe(
    v.nullable(v.string()),
    v.description('The PolicyEngine variable to give on that entity to state the fact (e.g. immigration_status), or null when PolicyEngine has none this endpoint reads (then only POST /v1/calculate takes the input).'),
  ),
  input: AssumptionSchema.entries.input,
  entity: AssumptionSchema.entries.entity,
  assumed_value: v.pipe(v.unknown(), v.description("The default used, in the package's terms (e.g. citizen, where PolicyEngine says CITIZEN; docs/compatibility.md gives each conversion).")),
  months: v.pipe(v.array(v.string()), v.description('The months (YYYY-MM) whose calculation relied on it, ascending.')),
  message: v.pipe(v.string(), v.description('Why the default matters (with the provision) and which PolicyEngine variable to give, on which entity, to confirm or correct it.')),
});

export const CompatSidecarSchema = v.strictObject({
  request_id: v.string(),
  engine: v.string(),
  runtime: v.nullable(RuntimeRefSchema),
  jurisdiction: v.nullable(v.string()),
  package: v.nullable(v.strictObject({ program_id: v.string(), jurisdiction: v.string() })),
  period: v.nullable(v.string()),
  computed: v.array(v.strictObject({ entity_group: EntityGroupSchema, entity_id: v.string(), variable: v.string(), period: v.string(), value: v.pipe(v.union([v.number(), v.boolean(), v.string(), v.null()]), v.description('A number, a judgment, or a category (wic_category: PolicyEngine\'s WICCategory member, e.g. PREGNANT)')) })),
  unsupported: v.pipe(
    v.array(
      v.strictObject({
        kind: v.pipe(v.picklist(['output', 'input']), v.description('output: a requested value (null) that was not computed; input: a value the household gave that the calculation did not use')),
        entity_group: EntityGroupSchema,
        entity_id: v.string(),
        variable: v.string(),
        period: v.pipe(v.nullable(v.string()), v.description('The requested period key (outputs); null for inputs (every period given) and for a request without a period key')),
        reason: v.pipe(v.string(), v.description('Why: for inputs it starts with "ignored:" and says why the value was not used (no mapping, replaced by another input, not modelled by the package)')),
      }),
    ),
    v.description('Every requested value not computed and every given input not used, each with the reason. See docs/compatibility.md.'),
  ),
  assumptions: v.pipe(
    v.array(CompatAssumptionSchema),
    v.description(
      'Tenet extension beyond the spec. Defaults the calculations relied on for facts the household did not give and that could change the result (docs/calculation.md "Assumptions"), once per SPM unit, entity and fact, in the request household\'s terms. Empty when nothing material was assumed; otherwise a warning summarises them. See docs/compatibility.md.',
    ),
  ),
  warnings: v.array(v.string()),
});

export const CompatSuccessSchema = v.strictObject({
  status: v.literal('ok'),
  message: v.nullable(v.string()),
  result: Household,
  tenet: CompatSidecarSchema,
});

export const CompatErrorSchema = v.strictObject({
  status: v.literal('error'),
  message: v.string(),
  result: v.null(),
  tenet: v.optional(v.strictObject({ request_id: v.string() })),
});

/** A reserved `as_of` query parameter is refused by the platform, before the route, in the standard envelope. */
const AsOfRejectionSchema = v.strictObject({
  status: v.literal('error'),
  error: v.strictObject({ code: v.literal('unsupported_parameter'), message: v.string() }),
  meta: MetaSchema,
});

export const CompatBadRequestSchema = v.union([CompatErrorSchema, AsOfRejectionSchema]);
