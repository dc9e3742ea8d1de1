// oidc-provider ships no types; this declares the little the stand-in uses.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { listenOnLoopback } from './free-port.ts';

/**
 * Who "signs in at the provider" on the next login: an account id, or a refusal. `signedInAt`
 * (seconds since the epoch) is the auth_time the provider then tells, as for a sign-in it
 * remembers from earlier; now unless given.
 */
export type StandInLogin = { accountId: string; signedInAt?: number } | { error: string };

export interface OpenIdStandIn {
  /** The issuer; its discovery document is at `${url}/.well-known/openid-configuration`. */
  url: string;
  /** Starts answering once our identity service's callback URL is known (it names the service's port). */
  accept(redirectUri: string): void;
  close(): Promise<void>;
}

export interface OpenIdStandInOptions {
  /** The claims of each account the provider knows, by account id. */
  accounts: Record<string, Record<string, unknown>>;
  /** Asked at each login; signs in without showing a page. */
  nextLogin(): StandInLogin;
  /**
   * Asked at each authorization request: whether to act as a provider that ignores max_age and
   * prompt=login, as many do, and so signs in without telling when (no auth_time).
   */
  ignoresMaxAge?(): boolean;
}

/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google's login page,
 * which cannot be reached from here. Our server's settings for it: asGoogle.
 */
export async function startOpenIdStandIn(options: OpenIdStandInOptions): Promise<OpenIdStandIn> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = createServer((request, response) => handle(request, response));
  const url = await listenOnLoopback(server);
  return {
    url,
    accept(redirectUri) {
      handle = providerHandler(url, redirectUri, options);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The one client the stand-in knows: our identity service. */
const CLIENT_ID = 'google-client';
const CLIENT_SECRET = 'google-secret';

/** The server's settings that make `standIn` its Google (the client the stand-in knows). */
export function asGoogle(standIn: OpenIdStandIn) {
  return {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_DISCOVERY_URL: `${standIn.url}/.well-known/openid-configuration`,
  };
}

function providerHandler(
  issuer: string,
  redirectUri: string,
  { accounts, nextLogin, ignoresMaxAge }: OpenIdStandInOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_context: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id, ...accounts[id] }) }),
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['given_name', 'family_name'] },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-only-cookie-key'] },
    loadExistingGrant: async (context: { oidc: { client: { clientId: string }; session: { accountId: string } } }) => {
      const grant = new provider.Grant({ clientId: context.oidc.client.clientId, accountId: context.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  return (request, response) => {
    if (request.url?.startsWith('/auth?') && ignoresMaxAge?.() === true) {
      const url = new URL(request.url, issuer);
      url.searchParams.delete('max_age');
      url.searchParams.delete('prompt');
      request.url = `${url.pathname}${url.search}`;
    }
    if (request.url?.startsWith('/interaction/')) {
      const login = nextLogin();
      const result =
        'error' in login
          ? { error: login.error, error_description: 'The user said no.' }
          : { login: { accountId: login.accountId, ts: login.signedInAt } };
      void provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
      return;
    }
    callback(request, response);
  };
}
