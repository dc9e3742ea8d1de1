import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTokenStore } from '../../src-shared/api/admin/memory-token-store.ts';
import { ADMIN_ANSWER_TIMEOUT_TEXT, createAdminHttp } from '../../src-shared/api/admin/transport.ts';
import { listLeads } from '../../src-shared/domain/endpoints/admin.ts';
import { listenOnLoopback } from '../support/free-port.ts';

/**
 * The admin client that the console's main and the web app share, against a server that takes
 * the connection and never answers (hung, or a proxy holding the request): the screens must say
 * so in seconds, not spin for the five minutes fetch itself waits.
 */
let silent: Server;
let origin: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.resume();
  });
  origin = await listenOnLoopback(silent);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const client = () => createAdminHttp({ baseUrl: origin, tokenStore: createMemoryTokenStore(), answerTimeoutMs: 300 });

describe('an admin request to a server that never answers', () => {
  it('ends with a message that says so, once the answer is overdue', async () => {
    const started = Date.now();
    const outcome = await client().send(listLeads, { query: {} });
    expect(outcome).toEqual({ ok: false, reason: 'failed', error: ADMIN_ANSWER_TIMEOUT_TEXT });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('an export that never starts ends the same way; one the operator cancels is still theirs to cancel', async () => {
    expect(await client().download('/api/admin/leads/export')).toEqual({
      ok: false,
      reason: 'failed',
      error: ADMIN_ANSWER_TIMEOUT_TEXT,
    });
    const cancel = new AbortController();
    const download = client().download('/api/admin/leads/export', cancel.signal);
    cancel.abort();
    expect(await download).toEqual({ ok: false, reason: 'network' });
  });
});
