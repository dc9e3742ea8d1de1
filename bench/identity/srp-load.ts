/**
 * The load generator for SRP sign-ins, run by the identity bench in a process of its own (on
 * the load core, as autocannon is): IN_FLIGHT loops, each InitiateAuth (USER_SRP_AUTH) then
 * RespondToAuthChallenge (PASSWORD_VERIFIER) through the AWS SDK, for SECONDS. The client's
 * own arithmetic runs in OpenSSL (the server's group helpers), so this process keeps up with
 * the server; each loop keeps one secret a, as a client may, and signs in its own account of
 * the comma-separated logins (loop i the (i mod count)th): users signing in, not one account
 * whose parallel password checks the lockout takes a few at a time (server/identity/password-checks.ts).
 * Prints one JSON line: {perSecond, p50, p99, non2xx, errors, clientCpuMs}.
 * Run by bench/identity/index.ts: node --import tsx srp-load.ts <endpoint> <clientId> <poolId> <login,login,…> <password> <inFlight> <seconds>
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { hexHash, K, N, padHex, powG, powMod, sha256, toBigInt, toBytes } from '../../server/identity/srp/group.ts';

const [endpoint = '', clientId = '', poolId = '', loginList = '', password = '', inFlightText = '16', secondsText = '6'] =
  process.argv.slice(2);
const poolName = poolId.slice(poolId.indexOf('_') + 1);
const logins = loginList.split(',');
const client = new CognitoIdentityProviderClient({
  region: 'us-east-1',
  endpoint,
  credentials: { accessKeyId: 'UNUSED', secretAccessKey: 'UNUSED' },
  maxAttempts: 1,
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');
const timestamp = (now = new Date()) =>
  `${WEEKDAYS[now.getUTCDay()]} ${MONTHS[now.getUTCMonth()]} ${now.getUTCDate()} ${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())} UTC ${now.getUTCFullYear()}`;

/** One loop's client: a fixed a (and A), x and g^x once the salt is known. */
function clientSide() {
  const a = toBigInt(randomBytes(32));
  const srpA = powG(toBytes(a));
  let known: { salt: string; username: string; x: bigint; gx: bigint } | undefined;
  return {
    srpA: srpA.toString(16),
    answer(parameters: Record<string, string>) {
      const { SALT: salt = '', SRP_B: srpB = '', USER_ID_FOR_SRP: username = '', SECRET_BLOCK: block = '' } = parameters;
      if (known?.salt !== salt || known.username !== username) {
        const x = toBigInt(hexHash(padHex(BigInt(`0x${salt}`)) + sha256(`${poolName}${username}:${password}`).toString('hex')));
        known = { salt, username, x, gx: powG(toBytes(x)) };
      }
      const serverB = BigInt(`0x${srpB}`);
      const u = toBigInt(hexHash(padHex(srpA) + padHex(serverB)));
      const base = (((serverB - K * known.gx) % N) + N) % N;
      const secret = powMod(base, toBytes(a + u * known.x)) ?? 0n;
      const key = Buffer.from(
        hkdfSync('sha256', Buffer.from(padHex(secret), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16),
      );
      const now = timestamp();
      const message = Buffer.concat([
        Buffer.from(poolName),
        Buffer.from(username),
        Buffer.from(block, 'base64'),
        Buffer.from(now),
      ]);
      return {
        USERNAME: username,
        PASSWORD_CLAIM_SECRET_BLOCK: block,
        TIMESTAMP: now,
        PASSWORD_CLAIM_SIGNATURE: createHmac('sha256', key).update(message).digest('base64'),
      };
    },
  };
}

const latencies: number[] = [];
let errors = 0;
let firstError: unknown;
const until = performance.now() + Number(secondsText) * 1000;
const started = performance.now();
const cpuAtStart = process.cpuUsage();
await Promise.all(
  Array.from({ length: Number(inFlightText) }, async (_, loop) => {
    const side = clientSide();
    const login = logins[loop % logins.length] ?? '';
    while (performance.now() < until) {
      const begun = performance.now();
      try {
        const challenge = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_SRP_AUTH',
            AuthParameters: { USERNAME: login, SRP_A: side.srpA },
          }),
        );
        const answer = await client.send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: 'PASSWORD_VERIFIER',
            ChallengeResponses: side.answer(challenge.ChallengeParameters ?? {}),
          }),
        );
        if (!answer.AuthenticationResult?.AccessToken) throw new Error('no tokens');
        latencies.push(performance.now() - begun);
      } catch (error) {
        errors++;
        firstError ??= error;
      }
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((x, y) => x - y);
const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
client.destroy();
if (firstError) console.error(firstError);
// The client's own CPU per sign-in (its arithmetic and the SDK): with a core of its own it must
// stay well under the interval between sign-ins, or the load generator, not the server, sets the rate.
const cpu = process.cpuUsage(cpuAtStart);
const clientCpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length);
console.log(
  JSON.stringify({ perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), non2xx: 0, errors, clientCpuMs }),
);
