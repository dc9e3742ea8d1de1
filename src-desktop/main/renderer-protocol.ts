import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';

/**
 * The built renderer is served as app://console/… instead of file:// (Electron's checklist:
 * "avoid file://, prefer a custom protocol"). A file:// page may read any file: URL on the
 * machine; this scheme answers only with the files of the renderer folder.
 */
const RENDERER_SCHEME = 'app';
const RENDERER_HOST = 'console';

/** The renderer's entry page under the console's scheme. */
export const RENDERER_ENTRY = new URL(`${RENDERER_SCHEME}://${RENDERER_HOST}/index.html`);

/**
 * Registers the scheme; Electron accepts this only before the app is ready. `standard` gives
 * the pages a real origin (app://console), so relative URLs resolve and the CSP's 'self' means
 * that origin; `secure` makes it a secure context like https. Nothing else: no CSP bypass, no
 * fetch() or CORS access to it from other origins, no service workers.
 */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true } }]);
}

/**
 * The types of what the renderer build emits. Chromium refuses a module script without a
 * JavaScript type, and `nosniff` below keeps it from guessing the rest.
 */
const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function mimeTypeOf(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file inside `root` that an app://console/… URL names, or null when the URL is not the
 * console's or its decoded path leaves `root` (`..`, encoded slashes or backslashes, an
 * absolute path, a sibling folder whose name starts like the root's).
 */
function resolveRendererFile(root: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${RENDERER_SCHEME}:` || url.host !== RENDERER_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const file = path.resolve(root, pathname === '/' ? 'index.html' : `.${pathname}`);
  const inside = path.relative(path.resolve(root), file);
  if (inside === '' || path.isAbsolute(inside) || inside.split(/[\\/]/)[0] === '..') return null;
  return file;
}

/** Answers app://console/ requests from `root`: 403 for anything outside it, 404 for what is not there. */
function rendererProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET') return new Response(null, { status: 405 });
    const file = resolveRendererFile(root, request.url);
    if (!file) return new Response(null, { status: 403 });
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return new Response(null, { status: 404 });
    }
    return new Response(body, { headers: { 'content-type': mimeTypeOf(file), 'x-content-type-options': 'nosniff' } });
  };
}

/** Serves the built renderer folder on the console's scheme (after the app is ready). */
export function setupRendererProtocol(root: string): void {
  protocol.handle(RENDERER_SCHEME, rendererProtocolHandler(root));
}
