import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRendererScheme, setupRendererProtocol } from '../../src-desktop/main/renderer-protocol.ts';
import { protocol } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

/*
 * A built renderer folder, with secrets beside it: one in the parent folder and one in a
 * sibling whose name starts like the renderer's (a plain prefix check would let that through).
 */
let base: string;
let serve: (request: Request) => Response | Promise<Response>;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'console-protocol-'));
  const root = path.join(base, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await mkdir(path.join(base, 'renderer-old'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(path.join(root, 'assets', 'index-abc123.js'), 'export {};');
  await writeFile(path.join(root, 'assets', 'index-abc123.css'), 'body{}');
  await writeFile(path.join(root, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(path.join(root, 'assets', 'font.woff2'), 'w');
  await writeFile(path.join(base, 'secret.txt'), 'outside the renderer');
  await writeFile(path.join(base, 'renderer-old', 'secret.txt'), 'outside the renderer');

  setupRendererProtocol(root);
  const [scheme, handler] = protocol.handle.mock.calls[0] ?? [];
  expect(scheme).toBe('app');
  if (!handler) throw new Error('setupRendererProtocol registered no handler');
  serve = handler;
});

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

const get = async (url: string) => serve(new Request(url));

describe('app:// scheme serving the renderer (electron mocked)', () => {
  it('registers app as a standard, secure scheme and nothing more (no CSP bypass, no cross-origin fetch)', () => {
    registerRendererScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true } },
    ]);
  });

  it('serves the files of the renderer folder with their MIME types', async () => {
    const cases: [string, string, string][] = [
      ['app://console/index.html', 'text/html; charset=utf-8', '<!doctype html><title>console</title>'],
      ['app://console/', 'text/html; charset=utf-8', '<!doctype html><title>console</title>'],
      ['app://console/assets/index-abc123.js', 'text/javascript; charset=utf-8', 'export {};'],
      ['app://console/assets/index-abc123.css', 'text/css; charset=utf-8', 'body{}'],
      ['app://console/assets/logo.svg', 'image/svg+xml', '<svg/>'],
      ['app://console/assets/font.woff2', 'font/woff2', 'w'],
      // A query or a fragment does not change the file.
      ['app://console/assets/index-abc123.js?v=2#x', 'text/javascript; charset=utf-8', 'export {};'],
    ];
    for (const [url, type, body] of cases) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(type);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(await response.text(), url).toBe(body);
    }
  });

  it('refuses every way out of the renderer folder, sibling folders included', async () => {
    const escapes = [
      'app://console/..%2fsecret.txt',
      'app://console/%2e%2e%2fsecret.txt',
      'app://console/assets/..%2f..%2fsecret.txt',
      'app://console/assets%2f..%2f..%2fsecret.txt',
      'app://console/..%2frenderer-old%2fsecret.txt',
      `app://console/${encodeURIComponent(path.join(base, 'secret.txt'))}`,
      'app://console/..%5csecret.txt',
      'app://console/%2e%2e%5c%2e%2e%5csecret.txt',
    ];
    for (const url of escapes) {
      const response = await get(url);
      expect([403, 404], url).toContain(response.status);
      expect(await response.text(), url).not.toContain('outside the renderer');
    }
    // The encoded `..` forms are recognised as leaving the folder, not merely not found.
    expect((await get('app://console/..%2fsecret.txt')).status).toBe(403);
    expect((await get('app://console/..%2frenderer-old%2fsecret.txt')).status).toBe(403);
  });

  it('answers only for app://console, only GET, and 404 for what is not there', async () => {
    expect((await get('app://other/index.html')).status).toBe(403);
    expect((await get('app://console/%E0%A4%A.html')).status).toBe(403);
    expect((await get('app://console/index.html%00.png')).status).toBe(403);
    expect((await serve(new Request('app://console/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
    expect((await get('app://console/missing.js')).status).toBe(404);
    expect((await get('app://console/assets')).status).toBe(404);
  });
});
