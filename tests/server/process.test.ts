import { spawn } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config/config.ts';
import { freePort, listenOnLoopbackPort } from '../support/free-port.ts';
import { waitForHealth } from '../support/health.ts';
import { freshDataDir } from '../support/pglite-template.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Runs `server/index.ts` as production does, and collects what it prints. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('refuses to start with a readable list of configuration problems', async () => {
    const server = runServer({ PORT: 'abc', LOG_LEVEL: 'chatty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('The configuration has 2 problem(s)');
    expect(server.output()).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(server.output()).not.toContain('    at '); // no stack trace
  });

  it('stops with one sentence naming DATABASE_URL, where it points and why, when nothing answers there', async () => {
    const closedPort = await freePort();
    const server = runServer({ DATABASE_URL: `postgres://hire:S3cretDbPass@127.0.0.1:${closedPort}/hireassist` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `DATABASE_URL must name a PostgreSQL database this server can open (database "hireassist" on 127.0.0.1:${closedPort}: connection refused)`,
    );
    expect(server.output()).not.toContain('S3cretDbPass');
    expect(server.output()).not.toContain('    at ');
  });

  it('stops with one sentence within seconds when the host at DATABASE_URL takes the connection and never answers', async () => {
    // A firewall that drops packets, or a proxy whose database is gone, looks like this: without
    // a connect timeout the server waited for ever (and, once running, so did every request).
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const port = await listenOnLoopbackPort(silent);
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    // The connection's patience is the statement limit when that is shorter than 10 s: 2 s here,
    // so the test waits 2 s rather than the default 10.
    const server = runServer({
      DATABASE_URL: `postgres://hire@127.0.0.1:${port}/hireassist`,
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `DATABASE_URL must name a PostgreSQL database this server can open (database "hireassist" on 127.0.0.1:${port}: no answer within 2 seconds)`,
    );
    expect(server.output()).not.toContain('    at ');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'stops with one sentence naming DATABASE_URL when its database does not exist',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = '/hireassist_never_created';
      const server = runServer({ DATABASE_URL: url.href });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `DATABASE_URL must name a PostgreSQL database this server can open (database "hireassist_never_created" on ${url.hostname}:${url.port || 5432}: database "hireassist_never_created" does not exist)`,
      );
      expect(server.output()).not.toContain('    at ');
    },
  );

  it('stops naming REDIS_URL, without its password, when no Redis answers there, listed with the other start-up problems', async () => {
    const [redisPort, databasePort] = [await freePort(), await freePort()];
    const server = runServer({
      REDIS_URL: `redis://:R3disSecret@127.0.0.1:${redisPort}`,
      DATABASE_URL: `postgres://hire@127.0.0.1:${databasePort}/hireassist`,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('The configuration has 2 problem(s)');
    expect(server.output()).toContain(
      `REDIS_URL must name a Redis server this server can reach (127.0.0.1:${redisPort}: connection refused)`,
    );
    expect(server.output()).toContain(`DATABASE_URL must name a PostgreSQL database this server can open`);
    expect(server.output()).not.toContain('R3disSecret');
    expect(server.output()).not.toContain('    at ');
  });

  // Two servers start one after the other under tsx: on two busy cores that alone took 25 s.
  it('shuts down cleanly on SIGTERM after finishing in-flight requests', { timeout: 90_000 }, async () => {
    const { dataDir, dispose } = await freshDataDir('hireassist-process-');
    cleanups.push(dispose);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = runServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitForHealth(url, { exited: server.exited });

    // A request still uploading its body when SIGTERM arrives must still get its answer.
    let finishBody!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"slow":'));
        finishBody = () => {
          controller.enqueue(new TextEncoder().encode('true}'));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`${url}/api/slow-upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    // A request already on its way when the signal came (a load balancer's, or a keep-alive
    // client's on the connection it holds) is served, not reset or turned away, and its
    // answer closes the connection so that none follows on it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const late = await fetch(`${url}/api/health`);
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');
    await new Promise((resolve) => setTimeout(resolve, 200));
    finishBody();
    const response = await inFlight;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found: POST /api/slow-upload' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    // The data directory is left consistent: a new server opens it and answers.
    const restarted = runServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitForHealth(url, { exited: restarted.exited });
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
