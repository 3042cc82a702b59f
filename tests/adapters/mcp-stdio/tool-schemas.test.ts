import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../adapters/http-h3/openapi.js';
import { routes } from '../../../adapters/http-h3/routes/index.js';
import { checkToolArguments, toolInputJsonSchema } from '../../../adapters/mcp-stdio/tool-arguments.js';
import { TOOLS, type ToolDefinition } from '../../../adapters/mcp-stdio/tools.js';

const openapi = buildOpenApiDocument(routes);
const tool = (name: string): ToolDefinition => TOOLS.find((t) => t.name === name)!;

/** The request body schema the API documents (and validates with) for an operation. */
function requestBody(operationId: string): unknown {
  for (const methods of Object.values(openapi.paths as Record<string, Record<string, any>>)) {
    for (const operation of Object.values(methods)) if (operation.operationId === operationId) return operation.requestBody.content['application/json'].schema;
  }
  throw new Error(`no operation ${operationId}`);
}

const calc = { program_id: 'snap', jurisdiction: 'us-co', household: { facts: { household_size: 1 } } };

describe('MCP tool input schemas are the API request schemas', () => {
  it('lists the calculation tools with exactly the JSON Schema of the API request bodies', () => {
    expect(toolInputJsonSchema(tool('calculate_household'))).toEqual(requestBody('calculate'));
    expect(toolInputJsonSchema(tool('calculate_batch'))).toEqual(requestBody('calculateBatch'));
    expect(toolInputJsonSchema(tool('submit_calculation_job'))).toEqual(requestBody('submitCalculationJob'));
  });

  it('refuses before sending what the API refuses (the former zod copies let variables: [] and 21 overrides through)', () => {
    const empty = checkToolArguments(tool('calculate_household'), { ...calc, variables: [] });
    expect(empty).toMatchObject({ ok: false, message: expect.stringContaining("variables: must hold at least 1 item; omit variables for the package's default_outputs") });
    const overrides = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 1]));
    const tooMany = checkToolArguments(tool('calculate_batch'), { requests: [{ ...calc, parameter_overrides: overrides }] });
    expect(tooMany).toMatchObject({ ok: false, message: expect.stringContaining('requests[0].parameter_overrides: must hold at most 20 parameters') });
    expect(checkToolArguments(tool('calculate_household'), { ...calc, variables: ['snap_allotment'] })).toEqual({ ok: true, args: { ...calc, variables: ['snap_allotment'] } });
  });

  it('keeps the spec\'s MCP argument table for search_rules (limit an integer 1-50, default 20)', () => {
    expect((toolInputJsonSchema(tool('search_rules')).properties as Record<string, unknown>).limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(checkToolArguments(tool('search_rules'), { query: 'snap' })).toEqual({ ok: true, args: { query: 'snap', limit: 20 } });
    expect(checkToolArguments(tool('search_rules'), { query: 'snap', limit: 2.5 })).toMatchObject({ ok: false });
  });
});
