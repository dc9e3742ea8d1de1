import { createHash, randomBytes } from 'node:crypto';

/** Where the server listens, and the public URL it was configured with. */
export interface ServerAddress {
  url: string;
  config: { publicUrl: string };
}

/**
 * A browser for hosted sign-in: follows redirects (with its cookies) through the upstream
 * provider until it is sent back to `appOrigin`, and returns that address.
 */
export async function browseHostedSignIn(server: ServerAddress, path: string, appOrigin = 'http://app.example'): Promise<URL> {
  // The app may share the server's origin: the identity service's own pages are not the way back.
  const back = await browseUntil(server, path, (url) => url.origin === appOrigin && !url.pathname.startsWith('/cognito/'));
  return back.url;
}

/** Where a browser was sent, not yet followed, and the cookies it holds (as a Cookie header). */
export interface BrowsedTo {
  url: URL;
  cookie: string;
}

/**
 * A browser following redirects from `path` (with its cookies, starting from `cookie`, which an
 * earlier browse left it with) until it is sent somewhere `arrived` names.
 */
export async function browseUntil(
  server: ServerAddress,
  path: string,
  arrived: (url: URL) => boolean,
  cookie = '',
): Promise<BrowsedTo> {
  const cookies = new Map(
    cookie
      .split('; ')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let location = new URL(path, server.url).href;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(location, { redirect: 'manual', headers: { cookie: header() } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    }
    const next = response.headers.get('location');
    if (next === null) throw new Error(`stopped at ${location} with ${response.status}: ${await response.text()}`);
    const url = new URL(next, location);
    if (arrived(url)) return { url, cookie: header() };
    location = toServer(server, url);
  }
  throw new Error('too many redirects');
}

/** The server was configured before it had a port, so its public URL says port 0: where it really is. */
export function toServer(server: ServerAddress, url: URL | string): string {
  const parsed = new URL(url);
  return parsed.origin === server.config.publicUrl ? `${server.url}${parsed.pathname}${parsed.search}` : parsed.href;
}

/** A PKCE verifier and its S256 challenge, as a public client makes them. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What a whole hosted sign-in ends with: the token endpoint's answer, or the error the browser came back with. */
export type HostedOutcome = { error: string; description: string } | { tokens: Record<string, string> };

/**
 * A whole hosted sign-in as an app makes it: /authorize with PKCE and `scope`, the upstream
 * provider (a stand-in that must accept the pool's callback), the code exchange.
 */
export async function hostedSignIn(
  server: ServerAddress,
  { provider = 'Google', scope = 'openid email profile aws.cognito.signin.user.admin' } = {},
): Promise<HostedOutcome> {
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    identity_provider: provider,
    redirect_uri: 'http://app.example',
    response_type: 'code',
    client_id: 'hireassist-local-client',
    scope,
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const back = await browseHostedSignIn(server, `/cognito/oauth2/authorize?${query}`);
  const error = back.searchParams.get('error');
  if (error !== null) return { error, description: back.searchParams.get('error_description') ?? '' };
  const response = await fetch(`${server.url}/cognito/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'hireassist-local-client',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: 'http://app.example',
      code_verifier: verifier,
    }),
  });
  const tokens = (await response.json()) as Record<string, string>;
  if (response.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(tokens)}`);
  return { tokens };
}

/** A form of the pool's sign-in page as a browser holds it: where it posts, its hidden fields, the page's cookie. */
export interface LoginForm {
  action: string;
  fields: Record<string, string>;
  cookie: string;
  html: string;
  response: Response;
}

const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The sign-in page at `url` (or a page already answered, with the cookie the browser holds):
 * its form's action and hidden fields, and the cookie the page set.
 */
export async function loginForm(page: string | Response, cookie = ''): Promise<LoginForm> {
  const response = typeof page === 'string' ? await fetch(page, { redirect: 'manual', headers: cookie ? { cookie } : {} }) : page;
  const html = await response.text();
  const set = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const action = /<form[^>]* action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page (${response.status}): ${html.slice(0, 300)}`);
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name = '', value = '']) => [
      name,
      decodeHtml(value),
    ]),
  );
  return {
    action: new URL(decodeHtml(action), response.url).href,
    fields,
    cookie: set.length > 0 ? set.join('; ') : cookie,
    html,
    response,
  };
}

/** Posts the form with `values` typed in, as the browser does (its cookie, no redirect followed). */
export function postLoginForm(form: LoginForm, values: Record<string, string>): Promise<Response> {
  return fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(form.cookie ? { cookie: form.cookie } : {}) },
    body: new URLSearchParams({ ...form.fields, ...values }),
  });
}

/** What a sign-in on the pool's own page leaves the app and the browser with. */
export interface PageSignIn {
  /** The one-time code, not yet exchanged, with what its exchange needs. */
  code: string;
  verifier: string;
  redirectUri: string;
  /** The cookie the page remembers the browser by (`hosted_session=…`), as the browser sends it back. */
  session: string;
}

/**
 * A sign-in on the pool's own page as an app and a browser make it: /oauth2/authorize with
 * PKCE and no identity_provider, the page it sends the browser to, the password posted there.
 * `redirectUri` defaults to the public URL, the one redirect URI a server allows unless told.
 */
export async function signInOnPage(
  server: ServerAddress,
  {
    username,
    password,
    scope = 'openid',
    redirectUri = server.config.publicUrl,
  }: { username: string; password: string; scope?: string; redirectUri?: string },
): Promise<PageSignIn> {
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    client_id: 'hireassist-local-client',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const authorize = await fetch(`${server.url}/cognito/oauth2/authorize?${query}`, { redirect: 'manual' });
  const page = await loginForm(toServer(server, authorize.headers.get('location') ?? ''));
  const signedIn = await postLoginForm(page, { username, password });
  const back = new URL(signedIn.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  if (code === null) throw new Error(`no code after signing in (${signedIn.status}): ${back.href}`);
  const session = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('hosted_session='));
  return { code, verifier, redirectUri, session: session ?? '' };
}

/** The code exchange at /oauth2/token as a public client makes it (the answer unread). */
export function exchangeCode(
  server: ServerAddress,
  grant: { code: string; verifier: string; redirectUri: string },
): Promise<Response> {
  return fetch(`${server.url}/cognito/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'hireassist-local-client',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      code_verifier: grant.verifier,
    }),
  });
}
