import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { hexHash, K, N, padHex, powG, powMod, sha256, toBigInt, toBytes } from '../../server/identity/srp/group.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');

/** TIMESTAMP as amazon-cognito-identity-js's DateHelper writes it ("Tue Dec 1 06:27:00 UTC 2026"). */
const timestamp = (now = new Date()) =>
  `${WEEKDAYS[now.getUTCDay()]} ${MONTHS[now.getUTCMonth()]} ${now.getUTCDate()} ${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())} UTC ${now.getUTCFullYear()}`;

/**
 * The PASSWORD_VERIFIER answer once the client has its HKDF key: the pool name, the user, the
 * server's secret block and the timestamp, signed with HMAC-SHA256 under the key.
 */
export function passwordVerifierAnswer(
  poolName: string,
  challenge: { username: string; block: string; timestamp: string },
  key: Buffer,
) {
  const { username, block, timestamp: now } = challenge;
  const message = Buffer.concat([Buffer.from(poolName), Buffer.from(username), Buffer.from(block, 'base64'), Buffer.from(now)]);
  return {
    USERNAME: username,
    PASSWORD_CLAIM_SECRET_BLOCK: block,
    TIMESTAMP: now,
    PASSWORD_CLAIM_SIGNATURE: createHmac('sha256', key).update(message).digest('base64'),
  };
}

/**
 * The client side of USER_SRP_AUTH as amazon-cognito-identity-js computes it (the 3072-bit
 * group, k, the pool-prefixed x, HKDF, the signed message), with the big-number work in OpenSSL
 * (the server's group helpers) instead of the library's JavaScript BigInteger: about 2 ms a
 * sign-in instead of 250. For load (bench/identity) and races that need many answers at once;
 * tests/server/identity/srp-client.ts drives the library itself where its arithmetic is the point.
 * One secret `a` for the client's life, as a client may keep one; x and g^x are kept per salt,
 * user and password.
 */
export function opensslSrpClient(poolName: string) {
  const a = toBigInt(randomBytes(32));
  const srpA = powG(toBytes(a));
  let known: { key: string; x: bigint; gx: bigint } | undefined;
  return {
    srpA: srpA.toString(16),
    /** The PASSWORD_VERIFIER answer to the challenge's parameters, for `password`. */
    answer(parameters: Record<string, string>, password: string) {
      const { SALT: salt = '', SRP_B: srpB = '', USER_ID_FOR_SRP: username = '', SECRET_BLOCK: block = '' } = parameters;
      const key = `${salt}\n${username}\n${password}`;
      if (known?.key !== key) {
        const x = toBigInt(hexHash(padHex(BigInt(`0x${salt}`)) + sha256(`${poolName}${username}:${password}`).toString('hex')));
        known = { key, x, gx: powG(toBytes(x)) };
      }
      const serverB = BigInt(`0x${srpB}`);
      const u = toBigInt(hexHash(padHex(srpA) + padHex(serverB)));
      const base = (((serverB - K * known.gx) % N) + N) % N;
      const secret = powMod(base, toBytes(a + u * known.x)) ?? 0n;
      const hkdf = Buffer.from(
        hkdfSync('sha256', Buffer.from(padHex(secret), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16),
      );
      return passwordVerifierAnswer(poolName, { username, block, timestamp: timestamp() }, hkdf);
    },
  };
}
