import { randomUUID } from 'node:crypto';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client's x-request-id is kept when it is 1-128 characters of [A-Za-z0-9._:-]; otherwise a new UUID. */
export function requestIdFor(clientValue: string | null): string {
  return clientValue !== null && CLIENT_REQUEST_ID.test(clientValue) ? clientValue : randomUUID();
}

/** First hop of x-forwarded-for, else the socket address, else 'unknown'. */
export function clientIpFor(forwardedFor: string | null, socketAddress: string | undefined): string {
  const first = forwardedFor?.split(',')[0]?.trim();
  if (first) return first;
  return socketAddress && socketAddress !== '' ? socketAddress : 'unknown';
}
