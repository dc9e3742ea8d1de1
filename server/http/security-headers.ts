import type { FastifyInstance } from 'fastify';

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

export function contentSecurityPolicy(sources: ContentSources): string {
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

/** Sets `headers` on every response Fastify sends (the fast lane adds them itself). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
