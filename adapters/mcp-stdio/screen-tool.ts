/**
 * The optional `screen_household` tool (POST /v1/screen; docs/screening.md), for agents. It is not one of the
 * spec's 14 tools, so the adapter lists it only when the operator sets TENET_MCP_SCREEN_TOOL=1 (docs/mcp.md).
 */
import { ScreenRequestSchema } from '../../core/api/schemas/screen.js';
import type { ToolDefinition } from './tools.js';
import { TOOLS } from './tools.js';

export const SCREEN_TOOL: ToolDefinition = {
  name: 'screen_household',
  title: 'Screen a household',
  description:
    'Every program of a jurisdiction for one household in one evaluation (Tenet extension): per program its status (eligible, ineligible, or undetermined where a fact not given decides it), amount and period, the deciding rule with its sources; totals; with `questions`, the facts to ask next ranked by how much the total could change. Send trace "none" to save context. Experimental: warnings mean the result is not an authoritative determination.',
  input: ScreenRequestSchema,
  readOnly: true,
  request: (a) => ({ method: 'POST', path: '/v1/screen', body: a }),
};

/** The tools the adapter serves: the spec's 14, and screen_household when the operator enabled it. */
export function servedTools(screenTool: boolean): readonly ToolDefinition[] {
  return screenTool ? [...TOOLS, SCREEN_TOOL] : TOOLS;
}
