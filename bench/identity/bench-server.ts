import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp, type App } from '../../server/app.ts';
import { loadConfig, type AppConfig } from '../../server/config/config.ts';
import { temporaryPostgresDatabase } from '../../tests/reliability/support/server-process.ts';
import { LOAD_CORE, pinnedCommand, type LoadResult } from '../support/load.ts';

/**
 * The real server in this process for the identity benches, on a data directory of its own
 * (or a database of its own on BENCH_DATABASE_URL's PostgreSQL), listening on a free loopback
 * port. `removeData` deletes both once the server is closed; a server that fails to start
 * removes them itself, so no database is left behind on someone's PostgreSQL.
 */
export async function startBenchServer(
  prefix: string,
): Promise<{ app: App; config: AppConfig; endpoint: string; removeData(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const postgres = process.env.BENCH_DATABASE_URL ? await temporaryPostgresDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    // The limits guard a real site; here one address sends everything on purpose.
    IDENTITY_RATE_LIMIT_PER_IP: '10000000',
    IDENTITY_RATE_LIMIT_PER_USER: '10000000',
  });
  const removeData = async () => {
    await postgres?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  };
  const app = await (async () => {
    const started = await buildApp(config);
    await started.listen({ host: '127.0.0.1', port: 0 });
    return started;
  })().catch(async (error: unknown) => {
    await removeData();
    throw error;
  });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { app, config, endpoint: `http://127.0.0.1:${address.port}/cognito/`, removeData };
}

/** One identity operation over HTTP as the SDK sends it; anything but a 200 throws. */
export async function callOperation(endpoint: string, operation: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${operation}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * The logins of `count` seeded accounts (`user<first + n>@bench.example`), each given its SRP
 * verifier by one password sign-in: the SRP load signs in one account a loop, as users do, where
 * one account's parallel password checks would be taken a few at a time by the lockout
 * (server/identity/password-checks.ts).
 */
export async function srpLogins(
  endpoint: string,
  clientId: string,
  password: string,
  accounts: { first: number; count: number },
): Promise<string[]> {
  const logins = Array.from({ length: accounts.count }, (_, n) => `user${accounts.first + n}@bench.example`);
  for (const login of logins) {
    await callOperation(endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: login, PASSWORD: password },
    });
  }
  return logins;
}

/**
 * SRP sign-ins (two calls each) from srp-load.ts, in a process of its own on the load core,
 * with the client's own CPU per sign-in (the AWS SDK and its half of the exchange).
 */
export async function loadSrpSignIns(
  target: { endpoint: string; config: AppConfig },
  sign: { logins: string[]; password: string; inFlight: number; seconds: number },
): Promise<LoadResult & { clientCpuMs?: number }> {
  const script = path.join(import.meta.dirname, 'srp-load.ts');
  const { clientId, userPoolId } = target.config.identity;
  const args = ['--import', 'tsx', script, target.endpoint, clientId, userPoolId, sign.logins.join(','), sign.password];
  const [command, commandArgs] = pinnedCommand(LOAD_CORE, process.execPath, [
    ...args,
    String(sign.inFlight),
    String(sign.seconds),
  ]);
  const { stdout } = await promisify(execFile)(command, commandArgs, { maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadResult & { clientCpuMs?: number };
}
