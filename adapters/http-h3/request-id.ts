import { randomUUID } from 'node:crypto';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client's x-request-id is kept when it is 1-128 characters of [A-Za-z0-9._:-]; otherwise a new UUID. */
export function requestIdFor(clientValue: string | null): string {
  return clientValue !== null && CLIENT_REQUEST_ID.test(clientValue) ? clientValue : randomUUID();
}

