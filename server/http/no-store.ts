import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** The onSend hook of `storeNothing`, for a single route; a route's own `private, no-store` stays. */
export const sendNoStore: onSendHookHandler = async (_request, reply) => {
  const own = reply.getHeader('cache-control');
  if (typeof own !== 'string' || !own.includes('no-store')) reply.header('cache-control', 'no-store');
  reply.header('pragma', 'no-cache');
};

/**
 * Tells every cache on the way to keep none of the scope's answers, successes and errors alike
 * (a schema's refusal, a rate limit's 429): `no-store`, and `Pragma: no-cache` for HTTP/1.0
 * caches. For answers that carry tokens or personal data (RFC 6749 5.1, RFC 6750, OIDC
 * UserInfo), which a shared or browser cache must never hand to someone else.
 */
export function storeNothing(scope: FastifyInstance): void {
  scope.addHook('onSend', sendNoStore);
}
