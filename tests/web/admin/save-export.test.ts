import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_CONNECTION_LOST } from '../../../src-shared/api/admin/export-result.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import { saveExportInBrowser } from '../../../src-web/features/admin/save-export.ts';

afterEach(() => vi.unstubAllGlobals());

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
