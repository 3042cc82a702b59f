/** TRUSTED_PROXIES entries, parsed where the configuration and the HTTP platform's client address both read them. */
import { isIP } from 'node:net';

/** Parses one TRUSTED_PROXIES entry (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`); null when it is not one. */
export function parseProxyEntry(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}
