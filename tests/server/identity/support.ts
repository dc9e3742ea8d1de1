import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  SignUpCommand,
  type SignUpCommandOutput,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ConfirmForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { MovableClock } from '../../support/movable-clock.ts';
import { createIdentityAdminClient } from '../../../server/identity/index.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

export const CLIENT_ID = 'hireassist-local-client';
export const POOL_ID = 'us-east-1_local';
export const PASSWORD = 'Correct-Horse-9';

/** Credentials that are never used to sign: they only stop the SDK from looking for its own. */
const UNUSED_CREDENTIALS = { accessKeyId: 'UNUSED', secretAccessKey: 'UNUSED' };

export interface IdentityTestServer {
  server: TestServer;
  clock: MovableClock;
  /** The browser's view: the real SDK, unsigned user operations. */
  client: CognitoIdentityProviderClient;
  /** The server's own admin client, signed with the stored admin key pair. */
  admin: CognitoIdentityProviderClient;
  /** The code in the newest mail to `to`, read from the outbox. */
  latestCode(to: string): Promise<string>;
  /** Signs a user up and leaves them unconfirmed (see `signUpWith`). */
  signUp(email: string, options?: SignUpOptions): Promise<SignUpCommandOutput>;
  /** Signs a user up and confirms them with the mailed code. */
  createUser(email: string, attributes?: Record<string, string>): Promise<void>;
  signIn(email: string, password?: string): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }>;
  /** Forgot password, then the new one set with the mailed code, as the customer does it. */
  resetPassword(email: string, password: string): Promise<void>;
  /** REFRESH_TOKEN_AUTH with the given refresh token, as the browser renews its session. */
  refresh(refreshToken: string): Promise<InitiateAuthCommandOutput>;
  close(): Promise<void>;
}

/** The browser's view of the identity service at `origin`: the real SDK, unsigned user operations, no retries. */
export function browserSdkClient(origin: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `${origin}/cognito`,
    credentials: UNUSED_CREDENTIALS,
    maxAttempts: 1,
  });
}

interface SignUpOptions {
  /** PASSWORD unless given. */
  password?: string;
  /** Attributes besides `email`, which is always the address. */
  attributes?: Record<string, string>;
}

/**
 * SignUp through `client` as the browser sends it: the pool's client id, the address as the
 * username and the `email` attribute. The user stays unconfirmed, with a code in the outbox.
 */
export function signUpWith(
  client: CognitoIdentityProviderClient,
  email: string,
  { password = PASSWORD, attributes = {} }: SignUpOptions = {},
): Promise<SignUpCommandOutput> {
  return client.send(
    new SignUpCommand({
      ClientId: CLIENT_ID,
      Username: email,
      Password: password,
      UserAttributes: Object.entries({ email, ...attributes }).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
}

/** The code in the newest mail to `to`, read from `app`'s outbox. */
export async function codeMailedTo(app: Pick<TestServer['app'], 'database'>, to: string): Promise<string> {
  const mail = await app.database.db
    .selectFrom('mail_outbox')
    .select('template_params')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return mail.template_params.code ?? '';
}

/**
 * The real server on port 0 with a fresh database (PGlite, or PostgreSQL with `postgres`, or
 * the PGlite of `dataDir` to restart on earlier data), a movable clock and SDK clients.
 */
export async function startIdentityServer(
  env: Record<string, string> = {},
  options: { postgres?: boolean; dataDir?: string } = {},
): Promise<IdentityTestServer> {
  const clock = new MovableClock();
  const server = await startTestServer({
    env,
    identityClock: clock,
    postgres: options.postgres ?? false,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const client = browserSdkClient(server.url);
  const { client: admin } = await createIdentityAdminClient({
    identity: server.config.identity,
    db: server.app.database.db,
    server: server.app.server,
  });
  const latestCode = (to: string) => codeMailedTo(server.app, to);
  return {
    server,
    clock,
    client,
    admin,
    latestCode,
    signUp: (email, options) => signUpWith(client, email, options),
    async createUser(email, attributes = {}) {
      await signUpWith(client, email, { attributes });
      await client.send(
        new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: email, ConfirmationCode: await latestCode(email) }),
      );
    },
    async signIn(email, password = PASSWORD) {
      const { AuthenticationResult: result } = await client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) throw new Error('no tokens');
      return { AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken };
    },
    async resetPassword(email, password) {
      await client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: email }));
      await client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: CLIENT_ID,
          Username: email,
          ConfirmationCode: await latestCode(email),
          Password: password,
        }),
      );
    },
    refresh: (refreshToken) =>
      client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      ),
    async close() {
      client.destroy();
      admin.destroy();
      await server.close();
    },
  };
}

/** Runs `send` and returns the exception's name and message (fails the test when it succeeds). */
export async function failure(send: Promise<unknown>): Promise<{ name: string; message: string; status: number | undefined }> {
  try {
    await send;
  } catch (error) {
    const caught = error as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
    return { name: caught.name, message: caught.message, status: caught.$metadata?.httpStatusCode };
  }
  throw new Error('expected the call to fail');
}

/**
 * `GET /oauth2/authorize` as an app asks for a code sent to `redirectUri` (PKCE S256, `openid`,
 * a state), without following the answer: the tests read where it would send the browser.
 */
export function askForCode(t: IdentityTestServer, redirectUri: string): Promise<Response> {
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: 'app-state',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  return t.server.fetch(`/cognito/oauth2/authorize?${query}`, { redirect: 'manual' });
}
