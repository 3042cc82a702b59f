import { parseRequest } from '../../../core/domain/compat/wire.js';
import { isServiceError, ServiceError, type ErrorCode } from '../../../core/domain/errors.js';
import { parseJsonBody } from '../body.js';
import { jsonResponse } from '../envelope.js';
import { httpStatus } from '../error-http.js';
import { defineRoute } from '../route.js';
import { CompatBadRequestSchema, CompatErrorSchema, CompatRequestSchema, CompatSuccessSchema } from '../../../core/api/schemas/compat.js';

/** Error codes the handler answers in the compatibility shape (with their usual status); the platform answers the rest. */
const COMPAT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['invalid_request', 'invalid_household', 'unsupported_program', 'runtime_error']);

export default defineRoute({
  method: 'POST',
  path: '/v1/household/:country_id/calculate',
  operationId: 'calculateHouseholdCompat',
  summary: 'Migration only: calculate a household in an external engine\'s wire format',
  description:
    'For migrating partners (scope compat:external; ordinary and trial keys get 403). New integrations use POST /v1/calculate. ' +
    'Null values are computed where a mapping exists (SNAP, Lifeline and school meals variables of spm_units, WIC and Head Start variables of people, from the State\'s package of the program for households.*.state_code / state_name; the federal EITC and CTC variables of tax_units for a YYYY tax year, from the packages us/eitc and us/ctc; Medicaid and CHIP variables of people, from the State\'s Medicaid package over the person\'s tax unit); ' +
    'everything else keeps null and is listed in tenet.unsupported with a reason (kind output), as is every given input the calculation did not use (kind input). ' +
    'Inputs are read as PolicyEngine-US reads them (employment_income_before_lsr is the wage; person eligibility facts reach the person-level rules). ' +
    'YYYY-MM keys give monthly values, YYYY keys annual totals. ' +
    'Defaults relied on for facts left out that could change the result are listed in tenet.assumptions (a Tenet extension), each with the person or unit id and the PolicyEngine variable to give. ' +
    'Success and the route\'s own errors (400 bad body, country other than us, axes, invalid household; 422 no package of the program; 502 engine failure) use ' +
    'the compatibility shape {status, message, result, tenet}. Rejections made by the platform before the route runs (401, 403, 413, 429, 503, 500, ' +
    'and 400 unsupported_parameter for as_of) use the standard error envelope. See docs/compatibility.md.',
  tags: ['compatibility'],
  auth: { scope: 'compat:external' },
  body: CompatRequestSchema,
  parseBody: false,
  rawResponse: true,
  responses: { 200: CompatSuccessSchema, 400: CompatBadRequestSchema, 422: CompatErrorSchema, 502: CompatErrorSchema },
  needs: (app) => ({ compat: app.calculation.compat }),
  handler: async ({ params, rawBody, request, requestId, principal }, { compat }) => {
    try {
      if (params.country_id !== 'us') throw new ServiceError('invalid_request', `country_id: only us is supported (got ${JSON.stringify(params.country_id)})`);
      const wire = parseRequest(parseJsonBody(rawBody, request.headers.get('content-type')));
      const out = await compat.calculate(wire, requestId, principal);
      return jsonResponse(200, { status: 'ok', message: out.message, result: out.result, tenet: out.sidecar });
    } catch (error) {
      if (!isServiceError(error) || !COMPAT_CODES.has(error.code)) throw error;
      return jsonResponse(httpStatus(error.code), { status: 'error', message: error.message, result: null, tenet: { request_id: requestId } });
    }
  },
});
