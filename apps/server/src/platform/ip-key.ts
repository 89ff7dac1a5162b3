import { isIPv6 } from 'node:net';

/**
 * The key of a client address for per-client limits and caps: an IPv4 address as it is, an IPv6
 * address by its /64 prefix (one subscriber's network: whoever holds one can rotate through 2^64
 * addresses), an IPv4-mapped IPv6 address (::ffff:1.2.3.4, as a dual-stack socket reports IPv4
 * clients) as its IPv4 address.
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The client of a request, as ipKey (injectWS requests carry no ip: docs/stack.md pitfall 4). */
export const clientKey = (req: { ip?: string | undefined }): string => ipKey(req.ip ?? 'no-ip');

/** The eight groups of an IPv6 address in their shortest hex form (zone id dropped, :: expanded). */
function ipv6Groups(ip: string): string[] {
  let text = ip.split('%')[0]!;
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) is the last two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const split = (part: string) => (part ? part.split(':') : []);
  const zeros = tail === undefined ? [] : Array<string>(8 - split(head).length - split(tail).length).fill('0');
  return [...split(head), ...zeros, ...split(tail ?? '')].map((g) => parseInt(g, 16).toString(16));
}
