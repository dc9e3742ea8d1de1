import { generateKeyPairSync } from 'node:crypto';
import { CognitoIdentityProviderClient, GlobalSignOutCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../server/identity/clock.ts';
import type { RouteTableEntry } from '../../server/http/route-access.ts';
import { POOL_ID, type IdentityTestServer } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { hostedSignIn } from '../support/hosted-browser.ts';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn } from '../support/openid-stand-in.ts';
import { adminToken, expectRefusal, savePostHtmlBody, startSecurityServer } from './support.ts';

/**
 * The authorization matrix, generated from the server's own route table (`app.routeTable`,
 * recorded by an onRoute hook): every route must declare its access, and every user and
 * admin route is called with no token, malformed tokens, an expired token, a revoked token
 * and a token of the wrong kind, each with a valid body, an invalid body and no body at all.
 * Each must be refused with a 401 JSON error that carries no data and says nothing about the
 * body or its schema: authentication runs before anything reads the request.
 */

interface RouteExample {
  /** The path with its parameters filled in. */
  path: string;
  /** Where the route reads the caller's token. */
  tokenIn: 'bearer' | 'body';
  /** The request body; a `body` token goes in here (undefined: the field is left out). */
  body?: (token: string | undefined) => unknown;
}

/**
 * One valid request per guarded route. A new user or admin route without an example here
 * fails the "every guarded route has an example" test, so it cannot escape the matrix.
 */
const EXAMPLES: Record<string, RouteExample> = {
  'POST /api/audit-login': { path: '/api/audit-login', tokenIn: 'body', body: (idToken) => ({ idToken, provider: 'password' }) },
  'POST /api/audit-profile': {
    path: '/api/audit-profile',
    tokenIn: 'body',
    body: (idToken) => ({ idToken, changes: { firstName: { old: 'Ada', new: 'Augusta' } } }),
  },
  'POST /api/referrals': {
    path: '/api/referrals',
    tokenIn: 'body',
    body: (idToken) => ({ idToken, referral: { partnerId: 'partner-1', timestamp: Date.now() } }),
  },
  'POST /api/signup-leads': { path: '/api/signup-leads', tokenIn: 'body', body: (idToken) => ({ idToken, source: 'hero_cta' }) },
  'POST /api/partner/sso': { path: '/api/partner/sso', tokenIn: 'body', body: (idToken) => ({ idToken }) },
  'GET /api/account/preferences': { path: '/api/account/preferences', tokenIn: 'bearer' },
  'PUT /api/account/preferences': {
    path: '/api/account/preferences',
    tokenIn: 'bearer',
    body: () => ({ marketingEmails: true }),
  },
  'GET /api/account/sign-ins': { path: '/api/account/sign-ins', tokenIn: 'bearer' },
  'DELETE /api/account': { path: '/api/account', tokenIn: 'bearer' },

  'GET /api/admin/auth/validate': { path: '/api/admin/auth/validate', tokenIn: 'bearer' },
  'POST /api/admin/auth/logout': { path: '/api/admin/auth/logout', tokenIn: 'bearer' },
  'POST /api/admin/sessions/revoke-all': { path: '/api/admin/sessions/revoke-all', tokenIn: 'bearer' },
  'GET /api/admin/leads': { path: '/api/admin/leads', tokenIn: 'bearer' },
  'GET /api/admin/users': { path: '/api/admin/users', tokenIn: 'bearer' },
  'GET /api/admin/leads/:id': { path: '/api/admin/leads/1', tokenIn: 'bearer' },
  'GET /api/admin/leads/export': { path: '/api/admin/leads/export', tokenIn: 'bearer' },
  'GET /api/admin/leads/chart': { path: '/api/admin/leads/chart', tokenIn: 'bearer' },
  'GET /api/admin/users/export': { path: '/api/admin/users/export', tokenIn: 'bearer' },
  'POST /api/admin/users/:username/enable': { path: '/api/admin/users/nobody%40example.com/enable', tokenIn: 'bearer' },
  'POST /api/admin/users/:username/disable': { path: '/api/admin/users/nobody%40example.com/disable', tokenIn: 'bearer' },
  'DELETE /api/admin/users/:username': { path: '/api/admin/users/nobody%40example.com', tokenIn: 'bearer' },
  'GET /api/admin/audit': { path: '/api/admin/audit', tokenIn: 'bearer' },
  'GET /api/admin/outbox': { path: '/api/admin/outbox', tokenIn: 'bearer' },
  'POST /api/admin/outbox/:id/retry': { path: '/api/admin/outbox/1/retry', tokenIn: 'bearer' },
  'GET /api/admin/affiliate-applications': { path: '/api/admin/affiliate-applications', tokenIn: 'bearer' },
  'POST /api/admin/users/invite': {
    path: '/api/admin/users/invite',
    tokenIn: 'bearer',
    body: () => ({ email: 'invitee@example.com', givenName: 'Ivy' }),
  },
  'GET /api/admin/groups': { path: '/api/admin/groups', tokenIn: 'bearer' },
  'GET /api/admin/users/:username/groups': { path: '/api/admin/users/nobody%40example.com/groups', tokenIn: 'bearer' },
  'POST /api/admin/users/:username/groups': {
    path: '/api/admin/users/nobody%40example.com/groups',
    tokenIn: 'bearer',
    body: () => ({ group: 'reviewers' }),
  },
  'DELETE /api/admin/users/:username/groups/:group': {
    path: '/api/admin/users/nobody%40example.com/groups/reviewers',
    tokenIn: 'bearer',
  },
  'POST /api/save-post-html': {
    path: '/api/save-post-html',
    tokenIn: 'bearer',
    body: () => savePostHtmlBody('matrix-post'),
  },
};

const keyOf = (route: Pick<RouteTableEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The catch-all that keeps unknown paths under a protected prefix behind its gate. */
const isCatchAll = (route: Pick<RouteTableEntry, 'url'>) => route.url.endsWith('/*') && route.url !== '/*';

/** HEAD routes are Fastify's automatic twins of GET routes: same guard, no body. */
const exampleFor = (route: RouteTableEntry): RouteExample | undefined =>
  isCatchAll(route)
    ? { path: `${route.url.slice(0, -1)}no-such-thing`, tokenIn: 'bearer', body: () => ({ anything: true }) }
    : EXAMPLES[keyOf({ ...route, method: route.method === 'HEAD' ? 'GET' : route.method })];

/** The bodies every refusal is tried with: the example's, one its schema refuses, and none at all. */
type BodyVariant = 'valid' | 'invalid' | 'empty';
const BODY_VARIANTS: readonly BodyVariant[] = ['valid', 'invalid', 'empty'];

/** Words of the schema errors: a refusal must not contain them. */
const SCHEMA_DETAIL = /Invalid (request body|query|path)|is required|is not allowed|must be|not valid JSON/;

let t: IdentityTestServer;
let upstream: OpenIdStandIn;
let table: readonly RouteTableEntry[];
let user: { IdToken: string; AccessToken: string };
/** An access token from hosted sign-in, the kind userinfo answers (it carries `openid`). */
let openIdAccessToken: string;
let admin: string;

beforeAll(async () => {
  upstream = await startOpenIdStandIn({
    accounts: { 'g-matrix': { email: 'g.matrix@example.com', email_verified: true } },
    nextLogin: () => ({ accountId: 'g-matrix' }),
  });
  t = await startSecurityServer({ ...asGoogle(upstream), IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example' });
  upstream.accept(`${t.server.config.publicUrl}/cognito/oauth2/idpresponse`);
  table = t.server.app.routeTable;
  await t.createUser('matrix@example.com', { given_name: 'Ada', family_name: 'Lovelace' });
  user = await t.signIn('matrix@example.com');
  const hosted = await hostedSignIn(t.server);
  openIdAccessToken = 'tokens' in hosted ? (hosted.tokens.access_token ?? '') : '';
  admin = await adminToken(t.server);
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const guarded = (access: 'user' | 'admin') => table.filter((route) => route.access === access);

/**
 * Sends the route's example with `token` where the route reads it (or a raw Authorization
 * header), with the example's body, a body its schema refuses, or no body at all.
 */
function call(
  route: RouteTableEntry,
  token: string | undefined,
  rawAuthorization?: string,
  variant: BodyVariant = 'valid',
): Promise<Response> {
  const example = exampleFor(route);
  if (!example) throw new Error(`no example for ${keyOf(route)}`);
  const headers: Record<string, string> = {};
  const authorization = rawAuthorization ?? (example.tokenIn === 'bearer' && token !== undefined ? `Bearer ${token}` : undefined);
  if (authorization !== undefined) headers.authorization = authorization;
  const withBody = route.method !== 'HEAD' && route.method !== 'GET';
  const valid = example.body?.(example.tokenIn === 'body' ? token : undefined) ?? {};
  const body = {
    valid: JSON.stringify(valid),
    // Unknown fields, a wrong type and broken JSON's cousin: every schema refuses it.
    invalid: JSON.stringify({ ...(valid as object), unexpectedField: 1, marketingEmails: 'yes', dataset: 42 }),
    empty: '',
  }[variant];
  if (withBody) headers['content-type'] = 'application/json';
  return t.server.fetch(example.path, { method: route.method, headers, ...(withBody ? { body } : {}) });
}

async function expectRefused(route: RouteTableEntry, token: string | undefined, label: string, rawAuthorization?: string) {
  const variants = route.method === 'GET' || route.method === 'HEAD' ? (['valid'] as const) : BODY_VARIANTS;
  for (const variant of variants) {
    const response = await call(route, token, rawAuthorization, variant);
    const name = `${keyOf(route)} with ${label} and ${variant === 'valid' ? 'a valid' : variant === 'invalid' ? 'an invalid' : 'no'} body`;
    if (route.method === 'HEAD') {
      expect(response.status, name).toBe(401);
      continue;
    }
    const text = await response.clone().text();
    expect(text, `${name}: schema detail in a refusal`).not.toMatch(SCHEMA_DETAIL);
    await expectRefusal(response, [401], name);
  }
}

/** A key the server never issued (made once: RSA key generation is slow on a busy machine). */
let foreignKey: ReturnType<typeof generateKeyPairSync>['privateKey'] | undefined;

/** A token shaped like the real one but signed with a key the server never issued. */
async function forged(real: string): Promise<string> {
  foreignKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const privateKey = foreignKey;
  return new SignJWT(decodeJwt(real))
    .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(real).kid ?? 'kid' })
    .sign(privateKey);
}

/** The real claims with `alg: none` and no signature. */
function unsigned(real: string): string {
  const [, payload] = real.split('.');
  return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload ?? ''}.`;
}

/** User routes take the customer's id token. */
const userToken = (_route: RouteTableEntry, tokens: { IdToken: string; AccessToken: string }) => tokens.IdToken;

describe('the route table', () => {
  it('records every route the server answers, plugins included', () => {
    const keys = table.map(keyOf);
    for (const expected of [
      'GET /api/health',
      'POST /cognito',
      'GET /cognito/oauth2/userInfo',
      'GET /*',
      'GET /api/admin/leads',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it('has an access declaration on every route (config.access on the route)', () => {
    const undeclared = table.filter((route) => route.access === undefined).map(keyOf);
    expect(undeclared, 'routes without config.access').toEqual([]);
  });

  it('has an example request for every user and admin route, and no example for a route that is gone', () => {
    const routes = [...guarded('user'), ...guarded('admin')].filter((route) => !isCatchAll(route));
    expect(routes.filter((route) => !exampleFor(route)).map(keyOf), 'guarded routes missing from EXAMPLES').toEqual([]);
    const present = new Set(routes.map(keyOf));
    expect(Object.keys(EXAMPLES).filter((key) => !present.has(key))).toEqual([]);
  });

  it('puts /api/admin/* behind the admin token, except the login itself', () => {
    const open = table.filter((route) => route.url.startsWith('/api/admin/') && route.access !== 'admin').map(keyOf);
    expect(open).toEqual(['POST /api/admin/auth/login']);
  });

  it('refuses to start a server with a route that declares no access', async () => {
    const { startTestServer } = await import('../support/test-server.ts');
    await expect(
      startTestServer({
        configure(app) {
          app.post('/api/admin/forgotten', async () => ({ leads: [] }));
        },
      }),
    ).rejects.toThrow(/POST \/api\/admin\/forgotten declares no access/);
  });
});

describe('an attacker probing for admin paths that do not exist', () => {
  const PROBES: [string, string][] = [
    ['GET', '/api/admin/'],
    ['GET', '/api/admin/secrets'],
    ['GET', '/api/admin/users/export.csv'],
    ['POST', '/api/admin/users'],
    ['PUT', '/api/admin/leads'],
    ['DELETE', '/api/admin/audit'],
    ['PATCH', '/api/admin/auth/login'],
  ];

  it('gets a 401 without a valid token, never a 404 that tells which paths exist', async () => {
    for (const [method, path] of PROBES) {
      for (const authorization of [undefined, 'Bearer not-a-token', `Bearer ${user.IdToken}`]) {
        const response = await t.server.fetch(path, {
          method,
          headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{"x":' }),
        });
        await expectRefusal(response, [401], `${method} ${path} with ${authorization ?? 'no token'}`);
      }
    }
  });

  it('gets the usual JSON 404 with the admin token', async () => {
    for (const [method, path] of PROBES.filter(([, path]) => path !== '/api/admin/auth/login')) {
      const response = await t.server.fetch(path, { method, headers: { authorization: `Bearer ${admin}` } });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/^Not found/) });
    }
  });
});

describe('every guarded route with a valid token of its kind (the control)', () => {
  it('is not refused, so the refusals below come from the token alone', async () => {
    for (const route of guarded('user')) {
      if (keyOf(route) === 'DELETE /api/account') continue; // run last, below, as it forgets the account
      const response = await call(route, userToken(route, user));
      expect([401, 403], `${keyOf(route)} answered ${response.status}`).not.toContain(response.status);
    }
    for (const route of guarded('admin')) {
      // These would end the session the others use (admin-sessions.test.ts runs them with a token).
      if (['POST /api/admin/auth/logout', 'POST /api/admin/sessions/revoke-all'].includes(keyOf(route))) continue;
      const response = await call(route, admin);
      expect([401, 403], `${keyOf(route)} answered ${response.status}`).not.toContain(response.status);
    }
  });
});

describe('user routes', () => {
  it('refuse a request with no token', async () => {
    for (const route of guarded('user')) await expectRefused(route, undefined, 'no token');
  });

  it('refuse malformed and forged tokens', async () => {
    for (const route of guarded('user')) {
      const real = userToken(route, user);
      const variants: Record<string, string> = {
        garbage: 'not-a-token',
        'three empty parts': 'a.b.c',
        'alg none': unsigned(real),
        'signed by another key': await forged(real),
        'tampered payload': `${real.split('.')[0]}.${Buffer.from(JSON.stringify({ ...decodeJwt(real), sub: 'someone-else' })).toString('base64url')}.${real.split('.')[2]}`,
      };
      for (const [label, token] of Object.entries(variants)) await expectRefused(route, token, `a malformed token (${label})`);
      if (exampleFor(route)?.tokenIn === 'bearer') await expectRefused(route, undefined, 'a Basic header', `Basic ${real}`);
    }
  });

  it('refuse a token of the wrong kind: the admin token, and the other Cognito token', async () => {
    for (const route of guarded('user')) {
      await expectRefused(route, admin, 'the admin token');
      await expectRefused(route, user.AccessToken, 'the other kind of Cognito token');
    }
  });

  it('refuse the tokens of a session ended by GlobalSignOut', async () => {
    await t.createUser('revoked@example.com');
    const revoked = await t.signIn('revoked@example.com');
    await t.client.send(new GlobalSignOutCommand({ AccessToken: revoked.AccessToken }));
    for (const route of guarded('user')) await expectRefused(route, userToken(route, revoked), 'a revoked token');
  });

  it('refuse the tokens of a user the operator disabled', async () => {
    await t.createUser('disabled@example.com');
    const disabled = await t.signIn('disabled@example.com');
    const directory = await t.server.fetch('/api/admin/users/disabled%40example.com/disable', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(directory.status).toBe(200);
    for (const route of guarded('user')) await expectRefused(route, userToken(route, disabled), "a disabled user's token");
  });
});

describe('a body the server cannot read, without a token', () => {
  /** Bodies no route can read: each made a route that carries its token in the body answer 400, 413 or 415 before. */
  const UNREADABLE: Record<string, { type: string; body: string }> = {
    'broken JSON': { type: 'application/json', body: '{"idToken": ' },
    'a __proto__ key': { type: 'application/json', body: '{"__proto__": {"admin": true}}' },
    'a key given twice': { type: 'application/json', body: '{"idToken": "a", "idToken": "b"}' },
    'an oversized body': { type: 'application/json', body: JSON.stringify({ idToken: 'x'.repeat(4 * 1024 * 1024) }) },
    'another content type': { type: 'application/xml', body: '<idToken>x</idToken>' },
  };

  it('is refused by every user and admin route with the 401 of a missing token, never a 400, 413 or 415', async () => {
    const withBody = [...guarded('user'), ...guarded('admin')].filter(
      (route) => route.method !== 'GET' && route.method !== 'HEAD' && exampleFor(route) !== undefined,
    );
    for (const route of withBody) {
      const example = exampleFor(route);
      for (const [label, { type, body }] of Object.entries(UNREADABLE)) {
        const response = await t.server.fetch(example?.path ?? '', {
          method: route.method,
          headers: { 'content-type': type },
          body,
        });
        await expectRefusal(response, [401], `${keyOf(route)} with ${label}`);
      }
    }
  });
});

describe('admin routes', () => {
  it('refuse a request with no token', async () => {
    for (const route of guarded('admin')) await expectRefused(route, undefined, 'no token');
  });

  it('refuse malformed tokens', async () => {
    const [selector = ''] = admin.split('.');
    const variants: Record<string, string> = {
      garbage: 'not-a-token',
      'right shape, unknown': `${'A'.repeat(16)}.${'B'.repeat(43)}`,
      'known selector, wrong verifier': `${selector}.${'B'.repeat(43)}`,
      'token with a suffix': `${admin}x`,
    };
    for (const route of guarded('admin')) {
      for (const [label, token] of Object.entries(variants)) await expectRefused(route, token, `a malformed token (${label})`);
      await expectRefused(route, undefined, 'a Basic header', `Basic ${admin}`);
      await expectRefused(route, undefined, 'the token without a scheme', admin);
    }
  });

  it("refuse a customer's id and access tokens", async () => {
    for (const route of guarded('admin')) {
      await expectRefused(route, user.IdToken, "a customer's id token");
      await expectRefused(route, user.AccessToken, "a customer's access token");
    }
  });

  it('refuse a token after logout', async () => {
    const revoked = await adminToken(t.server);
    const logout = await t.server.fetch('/api/admin/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${revoked}` },
    });
    expect(logout.status).toBe(200);
    for (const route of guarded('admin')) await expectRefused(route, revoked, 'a logged-out token');
  });

  it('refuse a token past its expiry', async () => {
    const expired = await adminToken(t.server);
    await t.server.app.database.db
      .updateTable('admin_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('selector', '=', expired.split('.')[0] ?? '')
      .execute();
    for (const route of guarded('admin')) await expectRefused(route, expired, 'an expired token');
  });

  it('refuse a token from an earlier session epoch (a password change, or "Sign out all")', async () => {
    const older = await adminToken(t.server);
    await t.server.app.database.db
      .updateTable('admin_credentials')
      .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
      .execute();
    for (const route of guarded('admin')) await expectRefused(route, older, 'a token of an earlier epoch');
    // The file's own admin token was of that epoch too.
    admin = await adminToken(t.server);
  });
});

describe('public routes that show more to the admin', () => {
  it('refuse draft listings without the admin token, whatever else is sent', async () => {
    const lists = table.filter(
      (route) => route.method === 'GET' && route.url.startsWith('/api/storychief/') && !route.url.includes(':'),
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const route of lists) {
      for (const status of ['draft', 'all']) {
        for (const [label, authorization] of Object.entries({
          none: undefined,
          'a customer id token': `Bearer ${user.IdToken}`,
          garbage: 'Bearer not-a-token',
        })) {
          const response = await t.server.fetch(`${route.url}?status=${status}`, {
            headers: authorization ? { authorization } : {},
          });
          await expectRefusal(response, [401], `${route.url}?status=${status} with ${label}`);
        }
      }
    }
  });
});

describe('the identity service protocol (POST /cognito/, access "cognito"), which authenticates per operation like Cognito', () => {
  const ACCESS_TOKEN_OPERATIONS = [
    'ChangePassword',
    'DeleteUser',
    'DeleteUserAttributes',
    'GetUser',
    'GetUserAttributeVerificationCode',
    'GlobalSignOut',
    'UpdateUserAttributes',
    'VerifyUserAttribute',
  ];
  const SIGNED_OPERATIONS = [
    'AdminAddUserToGroup',
    'AdminConfirmSignUp',
    'AdminCreateUser',
    'AdminDeleteUser',
    'AdminDeleteUserAttributes',
    'AdminDisableUser',
    'AdminEnableUser',
    'AdminGetUser',
    'AdminInitiateAuth',
    'AdminListGroupsForUser',
    'AdminRemoveUserFromGroup',
    'AdminResetUserPassword',
    'AdminRespondToAuthChallenge',
    'AdminSetUserPassword',
    'AdminUpdateUserAttributes',
    'AdminUserGlobalSignOut',
    'CreateGroup',
    'DeleteGroup',
    'DescribeUserPool',
    'DescribeUserPoolClient',
    'GetGroup',
    'ListGroups',
    'ListUsers',
    'ListUsersInGroup',
    'UpdateGroup',
  ];
  const ALL_OPERATIONS = [
    ...ACCESS_TOKEN_OPERATIONS,
    ...SIGNED_OPERATIONS,
    'ConfirmForgotPassword',
    'ConfirmSignUp',
    'ForgotPassword',
    'GetTokensFromRefreshToken',
    'InitiateAuth',
    'ResendConfirmationCode',
    'RespondToAuthChallenge',
    'RevokeToken',
    'SignUp',
  ];

  const operation = (name: string, input: object, headers: Record<string, string> = {}) =>
    cognitoRequest(t.server.url, name, input, { headers });

  async function expectCognitoRefusal(response: Response, types: readonly string[], label: string) {
    expect(response.status, label).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(types, `${label}: ${JSON.stringify(body)}`).toContain(body.__type);
    expect(Object.keys(body).sort(), label).toEqual(['__type', 'message']);
  }

  it('are the only routes that authenticate per operation: the AWS protocol and OAuth userInfo', () => {
    expect(table.filter((route) => route.access === 'cognito').map(keyOf)).toEqual([
      'POST /cognito',
      'GET /cognito/oauth2/userInfo',
      'HEAD /cognito/oauth2/userInfo',
    ]);
  });

  it('refuses userInfo with no, malformed, forged, wrong-kind, admin, revoked and non-OpenID tokens', async () => {
    await t.createUser('userinfo-revoked@example.com');
    const revoked = await t.signIn('userinfo-revoked@example.com');
    await t.client.send(new GlobalSignOutCommand({ AccessToken: revoked.AccessToken }));
    const control = await t.server.fetch('/cognito/oauth2/userInfo', {
      headers: { authorization: `Bearer ${openIdAccessToken}` },
    });
    expect(control.status).toBe(200);
    for (const [label, authorization] of Object.entries({
      'no token': undefined,
      garbage: 'Bearer not-a-token',
      'alg none': `Bearer ${unsigned(openIdAccessToken)}`,
      'signed by another key': `Bearer ${await forged(openIdAccessToken)}`,
      'an id token': `Bearer ${user.IdToken}`,
      'the admin token': `Bearer ${admin}`,
      revoked: `Bearer ${revoked.AccessToken}`,
      // The sign-in API's tokens carry aws.cognito.signin.user.admin alone, as Cognito's do.
      'a sign-in API token (no openid scope)': `Bearer ${user.AccessToken}`,
    })) {
      const response = await t.server.fetch('/cognito/oauth2/userInfo', { headers: authorization ? { authorization } : {} });
      // RFC 6750 3.1: a good token without the scope is insufficient_scope (403), the rest 401.
      await expectRefusal(response, [label.includes('no openid scope') ? 403 : 401], `userInfo with ${label}`);
    }
  });

  it('lists exactly the operations the tests know (a new one must be classified here)', async () => {
    const { OPERATIONS } = await import('../../server/identity/operations/index.ts');
    expect([...OPERATIONS.keys()].sort()).toEqual([...ALL_OPERATIONS].sort());
    expect(
      [...OPERATIONS]
        .filter(([, op]) => op.signed)
        .map(([name]) => name)
        .sort(),
    ).toEqual(SIGNED_OPERATIONS);
  });

  it('finds, by probing each unsigned operation, exactly the operations that take an access token', async () => {
    const found: string[] = [];
    for (const name of ALL_OPERATIONS.filter((name) => !SIGNED_OPERATIONS.includes(name))) {
      const body = (await (await operation(name, { AccessToken: 'not-a-token' })).json()) as { message?: string };
      if (body.message === 'Invalid Access Token') found.push(name);
    }
    expect(found.sort()).toEqual(ACCESS_TOKEN_OPERATIONS);
  });

  it('refuses every access-token operation with no, malformed, wrong-kind and revoked tokens', async () => {
    await t.createUser('protocol-revoked@example.com');
    const revoked = await t.signIn('protocol-revoked@example.com');
    await t.client.send(new GlobalSignOutCommand({ AccessToken: revoked.AccessToken }));
    for (const name of ACCESS_TOKEN_OPERATIONS) {
      await expectCognitoRefusal(await operation(name, {}), ['InvalidParameterException'], `${name} with no token`);
      for (const [label, token] of Object.entries({
        garbage: 'not-a-token',
        'alg none': unsigned(user.AccessToken),
        'signed by another key': await forged(user.AccessToken),
        'an id token': user.IdToken,
        'the admin token': admin,
        revoked: revoked.AccessToken,
      })) {
        await expectCognitoRefusal(
          await operation(name, { AccessToken: token }),
          ['NotAuthorizedException'],
          `${name} with ${label}`,
        );
      }
    }
  });

  it('refuses every admin operation unsigned, with a bearer token, badly signed or signed too long ago', async () => {
    const credentials = await t.admin.config.credentials();
    const stale = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: `${t.server.url}/cognito`,
      credentials,
      systemClockOffset: -HOUR,
      maxAttempts: 1,
    });
    const wrongSecret = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: `${t.server.url}/cognito`,
      credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: 'not-the-secret' },
      maxAttempts: 1,
    });
    try {
      for (const name of SIGNED_OPERATIONS) {
        const input = { UserPoolId: POOL_ID, Username: 'matrix@example.com' };
        await expectCognitoRefusal(await operation(name, input), ['MissingAuthenticationTokenException'], `${name} unsigned`);
        for (const token of [admin, user.AccessToken]) {
          await expectCognitoRefusal(
            await operation(name, input, { authorization: `Bearer ${token}` }),
            ['IncompleteSignatureException'],
            `${name} with a bearer token`,
          );
        }
      }
      for (const client of [stale, wrongSecret]) {
        const error = await client.send(new ListUsersCommand({ UserPoolId: POOL_ID })).then(
          () => undefined,
          (caught: unknown) => caught as { name: string; $metadata?: { httpStatusCode?: number } },
        );
        expect(error?.name).toBe('InvalidSignatureException');
        expect(error?.$metadata?.httpStatusCode).toBe(400);
      }
    } finally {
      stale.destroy();
      wrongSecret.destroy();
    }
  });
});

// Last: moving the identity clock an hour on expires every customer token issued above.
describe('expired customer tokens', () => {
  it('are refused by every user route and every access-token operation', async () => {
    await t.createUser('expired@example.com');
    const expired = await t.signIn('expired@example.com');
    t.clock.advance(HOUR + 60_000);
    for (const route of guarded('user')) await expectRefused(route, userToken(route, expired), 'an expired token');
    const userInfo = await t.server.fetch('/cognito/oauth2/userInfo', {
      headers: { authorization: `Bearer ${expired.AccessToken}` },
    });
    await expectRefusal(userInfo, [401], 'userInfo with an expired access token');
  });

  it('leave the DELETE /api/account control for the end: a fresh token may forget its account', async () => {
    const fresh = await t.signIn('matrix@example.com');
    const route = table.find((entry) => keyOf(entry) === 'DELETE /api/account');
    if (!route) throw new Error('DELETE /api/account is not in the route table');
    const response = await call(route, fresh.IdToken);
    expect(response.status).toBe(200);
  });
});
