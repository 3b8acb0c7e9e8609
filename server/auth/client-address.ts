// The client address the rate limits count: the socket's peer, or what a trusted proxy says it saw.
import { BlockList, isIP } from 'node:net';

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is 192.0.2.1. */
export function plainAddress(address: string): string {
  const a = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped?.[1] ?? a;
}

function parseEntry(entry: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | null {
  const [rawAddress = '', rawPrefix, ...rest] = entry.trim().split('/');
  if (rest.length > 0) return null;
  const address = plainAddress(rawAddress);
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (rawPrefix === undefined) return { address, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = Number(rawPrefix);
  return prefix <= (version === 4 ? 32 : 128) ? { address, prefix, family } : null;
}

/** A TRUSTED_PROXIES entry: an IPv4/IPv6 address or a CIDR such as 10.0.0.0/8 or fd00::/8. */
export const isAddressOrCidr = (entry: string): boolean => parseEntry(entry) !== null;

export type TrustedProxies = (address: string) => boolean;

/** A matcher for the configured proxies; nothing matches an empty list. */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const e = parseEntry(entry);
    if (!e) throw new Error(`not an address or CIDR: ${entry}`);
    if (e.prefix === undefined) list.addAddress(e.address, e.family);
    else list.addSubnet(e.address, e.prefix, e.family);
  }
  return (address) => {
    const a = plainAddress(address);
    const version = isIP(a);
    return version !== 0 && list.check(a, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address. Starting at the socket peer, X-Forwarded-For hops are read right to left only
 * while the hop that handed them over is a trusted proxy; the first untrusted (or unparsable) hop ends
 * the walk. With no trusted proxies the header is never read, so a client cannot pick its own address.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  let client = socketAddress ? plainAddress(socketAddress) : 'unknown';
  if (!forwardedFor || !trusted(client)) return client;
  const hops = forwardedFor.split(',').map((h) => plainAddress(h));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) return client; // garbage from the client side: the proxy's word stops here
    client = hop;
    if (!trusted(hop)) return hop;
  }
  return client;
}
