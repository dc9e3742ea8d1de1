import { randomBytes } from 'node:crypto';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue, httpOnlyCookie } from '../../http/cookies.ts';
import { newPasswordChallenge, setNewPassword } from '../challenges.ts';
import { sameHash } from '../codes.ts';
import { CognitoError } from '../errors.ts';
import { PASSWORD_MAX_LENGTH } from '../passwords.ts';
import { clientOf, reportSignIn } from '../security-events.ts';
import type { IdentityService } from '../service.ts';
import type { UserRow } from '../users.ts';
import { admitUser, verifyPassword } from '../sign-in.ts';
import { grantCode } from './authorization-code.ts';
import {
  AuthorizeFields,
  authorizeFields,
  AuthorizeQuery,
  checkAuthorizeRequest,
  refuseAuthorizeRequest,
  usableLoginHint,
  type AuthorizeRequest,
  type AuthorizeRequestFields,
} from './authorize-request.ts';
import type { HostedSessions } from './hosted-session.ts';
import { ADDRESS_MAX_LENGTH, loginPageHtml, loginPagePolicy, type LoginView } from './login-page.ts';
import type { ProviderName } from './upstream.ts';

/** The page's own token, in a cookie and in its form: a post from any other page lacks one of them. */
const CSRF_COOKIE = 'hosted_login_csrf';
const CSRF_MAX_AGE_SECONDS = 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The routes, under the service's /cognito prefix; the form posts to the root-relative paths. */
const LOGIN_ROUTE = '/login';
const NEW_PASSWORD_ROUTE = '/login/new-password';
const LOGIN_PATH = `/cognito${LOGIN_ROUTE}`;
const NEW_PASSWORD_PATH = `/cognito${NEW_PASSWORD_ROUTE}`;

const Csrf = Type.String({ maxLength: 64 });
const SignInBody = Type.Object({
  ...AuthorizeFields,
  csrf: Csrf,
  username: Type.String({ maxLength: ADDRESS_MAX_LENGTH }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
const NewPasswordBody = Type.Object({
  ...AuthorizeFields,
  csrf: Csrf,
  username: Type.String({ maxLength: ADDRESS_MAX_LENGTH }),
  session: Type.String({ maxLength: 4096 }),
  new_password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  confirm_password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});

const PROVIDER_LABELS: Record<ProviderName, string> = { Google: 'Continue with Google', AzureAD: 'Continue with Microsoft' };

export interface HostedLoginContext {
  service: IdentityService;
  publicUrl: string;
  allowedRedirect: (uri: string) => boolean;
  providers: readonly ProviderName[];
  sessions: HostedSessions;
}

/**
 * The pool's own sign-in page, as Cognito's managed login: /oauth2/authorize sends a request
 * that names no provider here. The email and password go through the sign-in API's own checks
 * (lockout, the hash for unknown names, the user's status), a user with a temporary password
 * chooses a new one, and the browser goes back to the app with a one-time code. The browser is
 * then remembered for an hour (hosted-session.ts).
 */
export function registerHostedLogin(plainScope: FastifyInstance, context: HostedLoginContext): void {
  const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
  const { service, publicUrl } = context;
  const secure = publicUrl.startsWith('https:');
  const policy = loginPagePolicy(service.config.allowedRedirectUris);

  const render = (
    reply: FastifyReply,
    status: number,
    view: Omit<LoginView, 'providers' | 'siteUrl'>,
    request: AuthorizeRequest,
  ) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', policy)
      .send(
        loginPageHtml({
          ...view,
          siteUrl: `${publicUrl}/`,
          providers: context.providers.map((name) => ({
            label: PROVIDER_LABELS[name],
            href: `${publicUrl}/cognito/oauth2/authorize?${new URLSearchParams({ ...authorizeFields(request), identity_provider: name })}`,
          })),
        }),
      );
  /**
   * The page's token: the browser's own while it holds a well-formed one (two tabs share it), else
   * a new one. It is set again each time, so it lasts an hour from the last page shown.
   */
  const pageToken = (request: FastifyRequest, reply: FastifyReply) => {
    const held = cookieValue(request.headers.cookie, CSRF_COOKIE);
    const token = held !== undefined && TOKEN.test(held) ? held : randomBytes(32).toString('base64url');
    const options = { path: LOGIN_PATH, maxAgeSeconds: CSRF_MAX_AGE_SECONDS, sameSite: 'Strict', secure } as const;
    reply.header('set-cookie', httpOnlyCookie(CSRF_COOKIE, token, options));
    return token;
  };
  /** Whether the post carries the token its own page set: checked before anything else is read. */
  const fromOurPage = (request: FastifyRequest, token: string) => {
    const held = cookieValue(request.headers.cookie, CSRF_COOKIE);
    return held !== undefined && TOKEN.test(held) && sameHash(held, token);
  };

  type Page = { request: FastifyRequest; reply: FastifyReply; status: number; authorize: AuthorizeRequest };
  const signInPage = ({ request, reply, status, authorize }: Page, username: string, error: string | null) =>
    render(
      reply,
      status,
      {
        step: 'sign-in',
        action: LOGIN_PATH,
        hidden: { ...authorizeFields(authorize), csrf: pageToken(request, reply) },
        username,
        error,
      },
      authorize,
    );
  const newPasswordPage = (
    { request, reply, status, authorize }: Page,
    username: string,
    session: string,
    error: string | null,
  ) =>
    render(
      reply,
      status,
      {
        step: 'new-password',
        action: NEW_PASSWORD_PATH,
        hidden: { ...authorizeFields(authorize), csrf: pageToken(request, reply), session },
        username,
        error,
      },
      authorize,
    );
  // A post without the page's token (its cookie expired, or another page made it) signs no one
  // in: the page is shown again, with a token of its own.
  const EXPIRED = 'This page has expired. Please sign in again.';

  /**
   * What every post starts with, before the password is read: the request it carries checked
   * again (an altered form sends the browser nowhere new), then the page's token.
   */
  const openPost = (
    request: FastifyRequest,
    reply: FastifyReply,
    body: AuthorizeRequestFields & { csrf: string; username: string },
  ): { answered: FastifyReply } | { authorize: AuthorizeRequest; page: (status: number) => Page } => {
    const check = checkAuthorizeRequest(body, service.config.clientId, context.allowedRedirect);
    if (check.outcome !== 'accepted') return { answered: refuseAuthorizeRequest(reply, check) };
    const page = (status: number): Page => ({ request, reply, status, authorize: check.request });
    if (!fromOurPage(request, body.csrf)) return { answered: signInPage(page(403), body.username, EXPIRED) };
    return { authorize: check.request, page };
  };

  /** The browser, signed in: remembered for the next request, and sent back to the app with a code. */
  const signedIn = async (reply: FastifyReply, authorize: AuthorizeRequest, userSub: string) => {
    const signIn = { sub: userSub, method: 'password' as const, authTime: new Date(service.clock.now()) };
    reply.header('set-cookie', await context.sessions.start(signIn));
    return reply.redirect(await grantCode(service, authorize, signIn), 302);
  };

  scope.get(LOGIN_ROUTE, { schema: { querystring: AuthorizeQuery }, config: { access: 'public' } }, async (request, reply) => {
    const check = checkAuthorizeRequest(request.query, service.config.clientId, context.allowedRedirect);
    if (check.outcome !== 'accepted') return refuseAuthorizeRequest(reply, check);
    const hint = usableLoginHint(request.query.login_hint) ?? '';
    return signInPage({ request, reply, status: 200, authorize: check.request }, hint, null);
  });

  scope.post(LOGIN_ROUTE, { schema: { body: SignInBody }, config: { access: 'public' } }, async (request, reply) => {
    const body = request.body;
    const opened = openPost(request, reply, body);
    if ('answered' in opened) return opened.answered;
    const { authorize, page } = opened;
    let user;
    try {
      // Refusals are reported as the API's are; the sign-in itself when the code is exchanged.
      ({ user } = await reportSignIn<{ user: UserRow; IdToken?: string }>(
        service,
        clientOf(request),
        'hosted',
        body.username,
        async () => {
          const matched = await verifyPassword(service, body.username, body.password);
          await admitUser(service, matched);
          return { user: matched };
        },
      ));
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      return signInPage(page(error.type === 'TooManyRequestsException' ? 429 : 401), body.username, error.message);
    }
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      const { Session: session = '' } = newPasswordChallenge(service, user, authorize.clientId);
      return newPasswordPage(page(200), body.username, session, null);
    }
    return signedIn(reply, authorize, user.sub);
  });

  scope.post(NEW_PASSWORD_ROUTE, { schema: { body: NewPasswordBody }, config: { access: 'public' } }, async (request, reply) => {
    const body = request.body;
    const opened = openPost(request, reply, body);
    if ('answered' in opened) return opened.answered;
    const { authorize, page } = opened;
    if (body.new_password !== body.confirm_password)
      return newPasswordPage(page(400), body.username, body.session, 'The passwords do not match.');
    let user;
    try {
      user = await setNewPassword(service, {
        clientId: authorize.clientId,
        session: body.session,
        responses: { USERNAME: body.username, NEW_PASSWORD: body.new_password },
      });
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      // A session that expired or was used: the temporary password is asked for again.
      if (error.type === 'NotAuthorizedException') return signInPage(page(401), body.username, EXPIRED);
      return newPasswordPage(page(400), body.username, body.session, error.message);
    }
    return signedIn(reply, authorize, user.sub);
  });
}
