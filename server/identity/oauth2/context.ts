import type { FastifyRequest } from 'fastify';
import type { IdentityService } from '../service.ts';
import { clientCredentials } from './client-auth.ts';
import { hostedSessions, type HostedSessions } from './hosted-session.ts';
import { createUpstreams } from './upstream.ts';

/** What the hosted sign-in endpoints share: each lives in a module of its own (`*-endpoint.ts`). */
export interface OAuthContext {
  service: IdentityService;
  publicUrl: string;
  upstreams: ReturnType<typeof createUpstreams>;
  /** The browser's sign-in on the pool's own page (hosted-session.ts). */
  sessions: HostedSessions;
  /** Whether two redirect addresses are one, as /authorize, /token and /logout compare them. */
  sameRedirect: (a: string, b: string) => boolean;
  allowedRedirect: (uri: string) => boolean;
  /** The client a token or revocation request authenticates as (body or Basic header), if it is ours. */
  authenticatedClient: (request: FastifyRequest, body: { client_id?: string; client_secret?: string }) => string | undefined;
}

export function oauthContext(service: IdentityService, publicUrl: string): OAuthContext {
  // `https://app.example` and `https://app.example/` are one address (an origin's root), at
  // /authorize, /token and /logout alike. Nothing else is: `/callback/` is another page than
  // `/callback`, which the app may serve differently, so a path is matched exactly, as Cognito does.
  const originRoot = (uri: string) => (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/$/i.test(uri) ? uri.slice(0, -1) : uri);
  const sameRedirect = (a: string, b: string) => originRoot(a) === originRoot(b);
  return {
    service,
    publicUrl,
    upstreams: createUpstreams(service.config.providers),
    sessions: hostedSessions(service, publicUrl.startsWith('https:')),
    sameRedirect,
    allowedRedirect: (uri) => service.config.allowedRedirectUris.some((allowed) => sameRedirect(allowed, uri)),
    authenticatedClient(request, body) {
      const client = clientCredentials(request.headers.authorization, body);
      return client?.clientId === service.config.clientId ? client.clientId : undefined;
    },
  };
}
