import type { RequestListener } from 'node:http';
import type { Duplex } from 'node:stream';

/** Origins a page may load from beyond its own, per kind of resource; features add theirs from config. */
export interface ContentSources {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
  img: readonly string[];
}

/** Combines the origins several features need into one policy's sources, without duplicates. */
export function mergeContentSources(...parts: readonly Partial<ContentSources>[]): ContentSources {
  const merge = (kind: keyof ContentSources) => [...new Set(parts.flatMap((part) => part[kind] ?? []))];
  return { script: merge('script'), connect: merge('connect'), frame: merge('frame'), img: merge('img') };
}

function contentSecurityPolicy(sources: ContentSources): string {
  const list = (base: string, extra: readonly string[]) => [base, ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", sources.script)}`,
    // Fluent UI's CSS-in-JS inserts style rules at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self' data:", sources.img)}`,
    "font-src 'self'",
    `connect-src ${list("'self'", sources.connect)}`,
    `frame-src ${sources.frame.length > 0 ? sources.frame.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every response carries, computed once: their cost per request is one object copy. */
export function securityHeaders(options: { secure: boolean; sources: ContentSources }): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': contentSecurityPolicy(options.sources),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    ...(options.secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

/**
 * Sets `headers` on every response before Fastify sees the request: answers Fastify writes
 * without running its hooks (a malformed URL's 400, the 503 while closing) carry them as
 * much as every route's. A route may still set its own value of one (writeHead's win).
 */
export function withSecurityHeaders(headers: Readonly<Record<string, string>>, listener: RequestListener): RequestListener {
  const entries = Object.entries(headers);
  return (request, response) => {
    for (const [name, value] of entries) response.setHeader(name, value);
    listener(request, response);
  };
}

/**
 * The raw answer to a request Node could not even parse (a broken request line or header),
 * which never reaches a listener: the app's JSON error, with the security headers.
 */
export function clientErrorAnswer(headers: Readonly<Record<string, string>>) {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, text, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
          : [400, 'Bad Request', 'The request is not valid HTTP'];
    const body = JSON.stringify({ error: message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${lines}connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
