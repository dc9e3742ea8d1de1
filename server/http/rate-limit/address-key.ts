import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-client limit counts a client under: an IPv4 address as it is (an IPv4-mapped
 * IPv6 address too), an IPv6 address as its /64, since one subscriber usually gets a whole
 * /64 and could otherwise rotate through 2^64 addresses. The admin login limits, the contact
 * form's rate limit, the identity service's per-address limits and the per-client mail quota count by it.
 * A source port is dropped: some load balancers (Azure Application Gateway) write the client in
 * X-Forwarded-For as `198.51.100.7:50123` or `[2001:db8::7]:50123`, a new port each connection.
 */
export function addressKey(given: string): string {
  const ip = withoutPort(given);
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.split('%')[0] ?? ip);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g >> 8}.${g & 255}.${h >> 8}.${h & 255}`;
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  const hexOnly = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
  );
  const [head = '', tail] = hexOnly.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** `address:port` and `[address]:port` (and `[address]`) as the address alone; anything else as it is. */
function withoutPort(ip: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed?.[1] !== undefined && isIPv6(bracketed[1])) return bracketed[1];
  const v4 = /^([\d.]+):\d+$/.exec(ip);
  return v4?.[1] !== undefined && isIPv4(v4[1]) ? v4[1] : ip;
}
