/** Schemas of the migration-only compatibility endpoint (its own envelope, not the standard one). */
import * as v from 'valibot';
import { ENTITY_GROUPS } from '../../domain/compat/variables.js';
import { RuntimeRefSchema } from './calculation.js';
import { MetaSchema } from './common.js';

const Scalar = v.union([v.number(), v.boolean(), v.string(), v.null()]);
const Entity = v.record(v.string(), v.union([Scalar, v.record(v.string(), Scalar), v.array(v.string())]));
const Group = v.record(v.string(), Entity);
const Household = v.strictObject(Object.fromEntries(ENTITY_GROUPS.map((g) => [g, v.optional(Group)])) as Record<(typeof ENTITY_GROUPS)[number], v.OptionalSchema<typeof Group, undefined>>);

/** Documents the request; the route parses it itself so bad bodies get the compatibility error shape. */
export const CompatRequestSchema = v.strictObject({ household: Household });

const EntityGroupSchema = v.picklist(ENTITY_GROUPS);

export const CompatSidecarSchema = v.strictObject({
  request_id: v.string(),
  engine: v.string(),
  runtime: v.nullable(RuntimeRefSchema),
  jurisdiction: v.nullable(v.string()),
  package: v.nullable(v.strictObject({ program_id: v.string(), jurisdiction: v.string() })),
  period: v.nullable(v.string()),
  computed: v.array(v.strictObject({ entity_group: EntityGroupSchema, entity_id: v.string(), variable: v.string(), period: v.string(), value: v.union([v.number(), v.boolean(), v.null()]) })),
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
