import { isIP } from 'node:net';
import { quote, type EnvReader } from './env-reader.ts';

/**
 * Whose X-Forwarded-For the server believes: nobody (false), the last `n` hops (a number),
 * or the proxies at these addresses/CIDR ranges. Either way the client is the right-most
 * address that is not a trusted proxy (Fastify's proxy-addr walks the header from the
 * right), so what a client writes on the left of the header is never taken for its address.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_TRUE =
  'TRUST_PROXY=true would believe the left-most X-Forwarded-For address, which the client writes itself: ' +
  'set the number of proxies in front of the server (for example TRUST_PROXY=1 behind one load balancer) ' +
  'or their addresses/CIDR ranges (for example TRUST_PROXY=10.0.0.0/8)';

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return isIP(prefix) === 4 && version === 4; // a dotted netmask
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or false, a hop count, or a comma-separated list of addresses/CIDR ranges. */
export function readTrustProxy(read: EnvReader): TrustProxy {
  const raw = read.optional('TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw.toLowerCase() === 'true') {
    read.problems.push(TRUST_PROXY_TRUE);
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 32) read.problems.push(`TRUST_PROXY must be a hop count from 0 to 32 or addresses/CIDR ranges (got "${raw}")`);
    return hops > 0 && hops <= 32 ? hops : false;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    read.problems.push(
      `TRUST_PROXY must be a hop count (such as 1) or IP addresses/CIDR ranges separated by commas (not ${invalid.map(quote).join(', ')})`,
    );
    return false;
  }
  return entries;
}

/**
 * Fastify's form of the setting. A bare number in Fastify believes nobody (it cannot tell the
 * proxy from a client that reached the server directly), so a hop count is given as the
 * function it means: the socket's peer and the next `hops - 1` addresses from the right are
 * proxies. Only use a count when the server cannot be reached except through those proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
