/**
 * Four read-only resources, each one GET against the API. `tenet://capabilities` mirrors the get_capabilities
 * tool (the same envelope); the others give a client the program list, the executable packages and the
 * OpenAPI document without a tool call.
 */
export interface ResourceDefinition {
  name: string;
  uri: string;
  title: string;
  description: string;
  path: string;
}

export const RESOURCES: readonly ResourceDefinition[] = [
  {
    name: 'capabilities',
    uri: 'tenet://capabilities',
    title: 'Capabilities manifest',
    description: 'The GET /v1/capabilities envelope, identical to the get_capabilities tool: endpoints, repository, runtime packages, sample requests.',
    path: '/v1/capabilities',
  },
  {
    name: 'programs',
    uri: 'tenet://programs',
    title: 'Programs',
    description: 'The GET /v1/programs envelope: every program with jurisdiction, rule count and status.',
    path: '/v1/programs',
  },
  {
    name: 'runtime-packages',
    uri: 'tenet://runtime/packages',
    title: 'Runtime packages',
    description: 'The GET /v1/runtime/packages envelope: executable calculation packages and their default outputs.',
    path: '/v1/runtime/packages',
  },
  {
    name: 'openapi',
    uri: 'tenet://openapi',
    title: 'OpenAPI document',
    description: 'The OpenAPI 3.1 document of the API (GET /v1/openapi.json, public): every endpoint, schema, scope and error.',
    path: '/v1/openapi.json',
  },
];
