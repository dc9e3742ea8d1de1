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
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { opensslSrpClient } from '../../tests/support/srp-openssl-client.ts';

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

const latencies: number[] = [];
let errors = 0;
let firstError: unknown;
const until = performance.now() + Number(secondsText) * 1000;
const started = performance.now();
const cpuAtStart = process.cpuUsage();
await Promise.all(
  Array.from({ length: Number(inFlightText) }, async (_, loop) => {
    const side = opensslSrpClient(poolName);
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
            ChallengeResponses: side.answer(challenge.ChallengeParameters ?? {}, password),
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
