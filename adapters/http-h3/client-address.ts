/**
 * Who the client is, for the failed-authentication throttle, trial issuance caps, the audit trail and request
 * records. `x-forwarded-for` is written by whoever sends the request, so it is believed only when the socket
 * peer is one of the operator's trusted proxies (TRUSTED_PROXIES); the client is then the right-most address in
 * the header that is not itself a trusted proxy: the address the outermost trusted proxy saw.
 */
import { BlockList, isIP } from 'node:net';
import { parseProxyEntry } from '../config/proxy-entry.js';

/** The client identity when a request came without a socket (in-process `app.fetch` without an address). */
export const UNKNOWN_CLIENT = 'unknown';

export { parseProxyEntry };

/** `::ffff:192.0.2.1` (an IPv4 peer on a dual-stack socket) is 192.0.2.1; brackets and ports are dropped. */
export function normaliseAddress(raw: string): string | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(text);
  if (mapped) text = mapped[1];
  return isIP(text) === 0 ? null : text.toLowerCase();
}

export class TrustedProxies {
  readonly #list = new BlockList();
  readonly #empty: boolean;

  /** Entries are validated at start-up (adapters/config/env.ts); an entry that does not parse is skipped here. */
  constructor(entries: readonly string[]) {
    this.#empty = entries.length === 0;
    for (const entry of entries) {
      const parsed = parseProxyEntry(entry.trim());
      if (parsed !== null) this.#list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
  }

  has(address: string): boolean {
    if (this.#empty) return false;
    return this.#list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * The client: the socket peer, unless the peer is a trusted proxy; then the right-most `x-forwarded-for`
   * address that is not a trusted proxy. An entry that is not an address ends the walk (a proxy that wrote it
   * cannot be believed further), leaving the last trusted hop as the client.
   */
  clientFor(forwardedFor: string | null, peerAddress: string | undefined): string {
    const peer = peerAddress === undefined || peerAddress === '' ? null : normaliseAddress(peerAddress);
    if (peer === null) return UNKNOWN_CLIENT;
    if (forwardedFor === null || !this.has(peer)) return peer;
    let client = peer;
    const hops = forwardedFor.split(',');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = normaliseAddress(hops[i]);
      if (hop === null) break;
      client = hop;
      if (!this.has(hop)) break;
    }
    return client;
  }
}
