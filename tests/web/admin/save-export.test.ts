import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_IDLE_TIMEOUT_MS, EXPORT_STALLED } from '../../../src-shared/api/admin/export-idle.ts';
import { EXPORT_CONNECTION_LOST } from '../../../src-shared/api/admin/export-result.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import { saveExportInBrowser } from '../../../src-web/features/admin/save-export.ts';
import { closeHttpServer, listenOnLoopback } from '../../support/free-port.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An export whose answer breaks off after its first rows, as when the server or the network goes down. */
function stubExportThatBreaksOff() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('Name,Email\r\nAda,ada@example.com\r\n'));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } });
    }),
  );
}

describe('the web export (no save dialog in this browser: a download)', () => {
  it('an export cut off by the server going down says what happened, not "terminated", and offers nothing', async () => {
    stubExportThatBreaksOff();
    const offered = vi.spyOn(URL, 'createObjectURL');
    const tokens = createMemoryTokenStore();
    await tokens.write('token');
    const result = await saveExportInBrowser(tokens, { path: '/api/admin/leads/export', suggestedName: 'leads-2026-11-29.csv' });
    expect(result).toEqual({ status: 'failed', message: EXPORT_CONNECTION_LOST });
    expect(offered).not.toHaveBeenCalled();
  });
});

const FIRST_ROWS = 'Name,Email\r\nAda,ada@example.com\r\n';

/** A real server on this computer that sends the export's headers and first rows, then nothing more. */
async function stallingExportServer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/csv' });
    response.write(FIRST_ROWS);
  });
  const origin = await listenOnLoopback(server);
  const realFetch = globalThis.fetch;
  // The page's relative export address, sent to this server.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${origin}${input}`, init));
  return {
    close: () => closeHttpServer(server),
  };
}

describe('the web export from a server that stalls mid-way', () => {
  it('stops after a minute of silence, says so, and offers nothing', async () => {
    const server = await stallingExportServer();
    const offered = vi.spyOn(URL, 'createObjectURL');
    const tokens = createMemoryTokenStore();
    await tokens.write('token');
    // Only the timers move by hand: the rows still travel over a real connection.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let received = 0;
      const saving = saveExportInBrowser(
        tokens,
        { path: '/api/admin/leads/export', suggestedName: 'leads-2026-11-30.csv' },
        (bytes) => (received = bytes),
      );
      await vi.waitFor(() => expect(received).toBe(FIRST_ROWS.length), { timeout: 10_000 });
      await vi.advanceTimersByTimeAsync(EXPORT_IDLE_TIMEOUT_MS);
      expect(await saving).toEqual({ status: 'failed', message: EXPORT_STALLED });
    } finally {
      await server.close();
    }
    expect(offered).not.toHaveBeenCalled();
  });
});
