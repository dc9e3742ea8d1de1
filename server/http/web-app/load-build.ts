import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One file of the built web app, held in memory with its precompressed variants. */
export interface BuiltFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  headers: Readonly<Record<string, string>>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};

/** Hashed build output never changes under its name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * Reads the whole build into memory at start-up. The build is a few megabytes, and serving
 * from memory with headers computed once keeps static responses close to a bare HTTP server.
 * Returns undefined when the web app has not been built.
 */
export function loadWebBuild(distDir: string): Map<string, BuiltFile> | undefined {
  if (!existsSync(path.join(distDir, 'index.html'))) return undefined;
  const files = new Map<string, BuiltFile>();
  for (const relative of listFiles(distDir)) {
    const extension = path.extname(relative);
    if (extension === '.br' || extension === '.gz') continue;
    const absolute = path.join(distDir, relative);
    const body = readFileSync(absolute);
    const urlPath = '/' + relative.split(path.sep).join('/');
    const br = readIfExists(`${absolute}.br`);
    const gzip = readIfExists(`${absolute}.gz`);
    files.set(urlPath, {
      body,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
      headers: Object.freeze({
        'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
        'cache-control': cacheControl(urlPath, extension),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        ...(br || gzip ? { vary: 'accept-encoding' } : {}),
      }),
    });
  }
  return files;
}

function cacheControl(urlPath: string, extension: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  return extension === '.html' ? REVALIDATE : SHORT;
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}
