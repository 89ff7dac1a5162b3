import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed (Fastify's `trustProxy`): false, none (the
 * socket's address is the client's); a number, that many proxies (the client is the address the
 * outermost of them saw: X-Forwarded-For's entry that many hops from the right, counting the
 * socket as the first); or the proxies' addresses and networks (the client is the first address,
 * from the right, that is not one of them).
 */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset or `0`, none; a whole number, how many proxies (`1` behind one nginx, which
 * sets or appends X-Forwarded-For); or a comma-separated list of addresses and CIDR networks.
 * `true` is refused: believing every hop lets a client name its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (!Number.isSafeInteger(hops)) throw new Error(`TRUST_PROXY is not a number of proxies: ${value}`);
    return hops;
  }
  if (text === 'true')
    throw new Error(
      'TRUST_PROXY=true would believe every X-Forwarded-For hop, so a client could name its own address: set the number of proxies in front (1 behind one nginx) or their addresses (CIDRs, comma-separated)',
    );
  const list = text.split(',').map((s) => s.trim());
  const bad = list.filter((entry) => !isAddressOrNetwork(entry));
  if (bad.length > 0)
    throw new Error(
      `TRUST_PROXY must be a number of proxies or addresses and CIDR networks, comma-separated; not: ${bad.join(', ')}`,
    );
  return list;
}

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's form of it. Fastify believes no hop for a bare number (a direct client could add
 * hops), so a count becomes the function proxy-addr asks for each hop: the socket (hop 0) and the
 * next count − 1 entries of X-Forwarded-For from the right are proxies. The instances must then be
 * reachable only through those proxies; with addresses, a direct client's header is ignored.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
