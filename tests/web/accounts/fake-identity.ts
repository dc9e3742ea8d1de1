import {
  IdentityError,
  NewPasswordRequiredError,
  type IdentityClient,
  type SignUpInput,
  type TokenSet,
} from '../../../src-shared/api/identity/types.ts';
import { finishHostedSignIn, sessionTabStorage, startHostedSignIn } from '../../../src-shared/api/identity/hosted-sign-in.ts';
import { ACCOUNT_API_SCOPE } from '../../../src-shared/domain/accounts/user.ts';

/**
 * An in-memory user pool behind the identity client interface, for component tests
 * (the real SDK against the real service runs in tests/server and the e2e journey).
 */
export interface FakeUser {
  sub: string;
  password: string;
  confirmed: boolean;
  /** Invited by an operator: the password is temporary (FORCE_CHANGE_PASSWORD). */
  temporary?: boolean;
  attributes: Record<string, string>;
  /** The pool's name for the user: its sub, or `google_<userId>` for a user made by a Google sign-in. */
  username?: string;
  /** The providers linked to the account, as the `identities` claim lists them. */
  identities?: { providerName: string; userId: string }[];
  /** The password reset code mailed last has set a password already. */
  resetCodeUsed?: boolean;
}

function base64url(value: object): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

function fakeJwt(claims: object, lifetimeSeconds = 3600): string {
  return `${base64url({ alg: 'none' })}.${base64url({ exp: Math.floor(Date.now() / 1000) + lifetimeSeconds, ...claims })}.sig`;
}

export class FakeIdentity implements IdentityClient {
  users = new Map<string, FakeUser>();
  /** Users made so far: each gets a sub of its own, as a sign-up replacing another does. */
  private created = 0;
  calls: { op: string; args: unknown[] }[] = [];
  code = '123456';
  /** Set to make the next call of that operation fail. */
  failNext = new Map<keyof IdentityClient, IdentityError>();
  lifetimeSeconds = 3600;
  /** Set to answer each refresh with a new refresh token, as a pool with rotation does. */
  rotateRefreshTokens = false;

  addUser(email: string, user: Partial<FakeUser> = {}): FakeUser {
    const created: FakeUser = {
      sub: `sub-${(this.created += 1)}`,
      password: 'Secret123!',
      confirmed: true,
      ...user,
      attributes: { email, email_verified: 'true', given_name: 'Ada', family_name: 'Lovelace', ...user.attributes },
    };
    this.users.set(email, created);
    return created;
  }

  /** Tokens as the pool issues them: the sign-in API's access tokens carry aws.cognito.signin.user.admin. */
  tokensFor(user: FakeUser, scope = ACCOUNT_API_SCOPE): TokenSet {
    const claims = {
      sub: user.sub,
      ...user.attributes,
      email_verified: user.attributes.email_verified === 'true',
      'cognito:username': user.username ?? user.sub,
      identities: user.identities,
    };
    return {
      accessToken: fakeJwt({ sub: user.sub, token_use: 'access', username: user.sub, scope }, this.lifetimeSeconds),
      idToken: fakeJwt({ ...claims, token_use: 'id' }, this.lifetimeSeconds),
      refreshToken: `refresh-${user.sub}`,
    };
  }

  private record(op: keyof IdentityClient, ...args: unknown[]) {
    this.calls.push({ op, args });
    const failure = this.failNext.get(op);
    if (failure) {
      this.failNext.delete(op);
      throw failure;
    }
  }

  private byAccessToken(token: string): FakeUser {
    const sub = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).sub as string;
    const user = [...this.users.values()].find((candidate) => candidate.sub === sub);
    if (!user) throw new IdentityError('NotAuthorizedException', 'Invalid Access Token');
    return user;
  }

  private userByEmail(email: string): FakeUser {
    const user = this.users.get(email);
    if (!user) throw new IdentityError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  private checkCode(code: string) {
    if (code !== this.code)
      throw new IdentityError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }

  async signUp(input: SignUpInput) {
    this.record('signUp', input);
    // As the pool: an account past sign-up stays as it is (its owner is mailed), answered as a
    // new sign-up; an unconfirmed one gives way to this sign-up.
    if (this.users.get(input.email)?.confirmed) return;
    this.addUser(input.email, {
      password: input.password,
      confirmed: false,
      attributes: {
        email: input.email,
        email_verified: 'false',
        given_name: input.givenName,
        family_name: input.familyName,
        ...(input.phoneNumber ? { phone_number: input.phoneNumber } : {}),
      },
    });
  }
  async confirmSignUp(email: string, code: string) {
    this.record('confirmSignUp', email, code);
    const user = this.userByEmail(email);
    // As the pool: an account is confirmed once; after that no code confirms it.
    if (user.confirmed) throw new IdentityError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    this.checkCode(code);
    user.confirmed = true;
    user.attributes.email_verified = 'true';
  }
  async resendConfirmationCode(email: string) {
    this.record('resendConfirmationCode', email);
  }
  async signIn(email: string, password: string) {
    this.record('signIn', email, password);
    const user = this.users.get(email);
    if (!user || user.password !== password) throw new IdentityError('NotAuthorizedException', 'Incorrect username or password.');
    if (!user.confirmed) throw new IdentityError('UserNotConfirmedException', 'User is not confirmed.');
    if (user.temporary) throw new NewPasswordRequiredError(`session-${user.sub}`);
    return this.tokensFor(user);
  }
  async completeNewPassword(email: string, session: string, newPassword: string) {
    this.record('completeNewPassword', email, session, newPassword);
    const user = this.userByEmail(email);
    if (!user.temporary || session !== `session-${user.sub}`)
      throw new IdentityError('NotAuthorizedException', 'Invalid session for the user.');
    user.password = newPassword;
    user.temporary = false;
    return this.tokensFor(user);
  }
  async refresh(refreshToken: string) {
    this.record('refresh', refreshToken);
    // A rotated token is the first one with `~n` appended: its user is the first one's.
    const [first = '', rotations = '0'] = refreshToken.split('~');
    const user = [...this.users.values()].find((candidate) => `refresh-${candidate.sub}` === first);
    if (!user) throw new IdentityError('NotAuthorizedException', 'Invalid Refresh Token');
    const next = this.rotateRefreshTokens ? `${first}~${Number(rotations) + 1}` : refreshToken;
    return { ...this.tokensFor(user), refreshToken: next };
  }
  async getUser(accessToken: string) {
    this.record('getUser', accessToken);
    return { ...this.byAccessToken(accessToken).attributes };
  }
  async updateUserAttributes(accessToken: string, attributes: Record<string, string>) {
    this.record('updateUserAttributes', accessToken, attributes);
    const user = this.byAccessToken(accessToken);
    const { email, ...rest } = attributes;
    // A blank value deletes the attribute, as Cognito (and our identity service) do.
    user.attributes = Object.fromEntries(
      Object.entries({ ...user.attributes, ...rest }).filter(([name, value]) => value !== '' || !(name in rest)),
    );
    // As the pool: addresses are compared without letter case.
    if (email && email.toLowerCase() !== user.attributes.email?.toLowerCase()) user.attributes.pending_email = email;
  }
  async verifyUserAttribute(accessToken: string, name: string, code: string) {
    this.record('verifyUserAttribute', accessToken, name, code);
    this.checkCode(code);
    const user = this.byAccessToken(accessToken);
    if (user.attributes.pending_email) {
      this.users.delete(user.attributes.email ?? '');
      user.attributes.email = user.attributes.pending_email;
      delete user.attributes.pending_email;
      this.users.set(user.attributes.email, user);
    }
    user.attributes.email_verified = 'true';
  }
  async sendUserAttributeCode(accessToken: string, name: string) {
    this.record('sendUserAttributeCode', accessToken, name);
  }
  async forgotPassword(email: string) {
    this.record('forgotPassword', email);
    const user = this.users.get(email);
    if (user) user.resetCodeUsed = false;
  }
  async confirmForgotPassword(email: string, code: string, password: string) {
    this.record('confirmForgotPassword', email, code, password);
    const user = this.userByEmail(email);
    // As the pool: a reset code sets a password once.
    if (user.resetCodeUsed)
      throw new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    this.checkCode(code);
    user.password = password;
    user.resetCodeUsed = true;
  }
  async changePassword(accessToken: string, previous: string, proposed: string) {
    this.record('changePassword', accessToken, previous, proposed);
    const user = this.byAccessToken(accessToken);
    if (user.password !== previous) throw new IdentityError('NotAuthorizedException', 'Incorrect username or password.');
    user.password = proposed;
  }
  async globalSignOut(accessToken: string) {
    this.record('globalSignOut', accessToken);
  }
  async revokeToken(refreshToken: string) {
    this.record('revokeToken', refreshToken);
  }
  async deleteUser(accessToken: string) {
    this.record('deleteUser', accessToken);
    this.users.delete(this.byAccessToken(accessToken).attributes.email ?? '');
  }
  /** The state the last hosted sign-in was started with (authorizeUrl). */
  private startedState = '';

  /** As the real client: the tab keeps the sign-in's state (sessionStorage) until the provider sends it back. */
  async authorizeUrl(provider: string, redirectUri: string, appState?: string) {
    ({ state: this.startedState } = await startHostedSignIn(sessionTabStorage(), appState));
    // Recorded once the tab keeps the sign-in, as the app sees it when the call returns: a test
    // that waits for the call then comes back with its state (recorded first, a busy machine's
    // slower digest let the return carry none, and the app rightly refused it).
    this.record('authorizeUrl', provider, redirectUri, appState);
    return `https://auth.example/oauth2/authorize?${new URLSearchParams({ identity_provider: provider, redirect_uri: redirectUri, state: this.startedState })}`;
  }
  /** Where the provider sends the last hosted sign-in started back to: `path` with `query` and its state. */
  callbackAddress(query: Record<string, string>, path = '/'): string {
    return `${path}?${new URLSearchParams({ ...query, state: this.startedState })}`;
  }
  /** A hosted sign-in started in this tab (as the app would, with `appState`), and the address it comes back to. */
  async hostedReturnAddress(query: Record<string, string>, path = '/', appState?: string): Promise<string> {
    await this.authorizeUrl('Google', window.location.origin, appState);
    return this.callbackAddress(query, path);
  }
  async exchangeCode(code: string, state: string | null, redirectUri: string) {
    this.record('exchangeCode', code, state, redirectUri);
    if (finishHostedSignIn(sessionTabStorage(), state) === undefined) {
      throw new IdentityError('OAuthStateMismatch', 'This sign-in was not started in this tab.');
    }
    if (code !== 'good-code') throw new IdentityError('invalid_grant', 'invalid_grant');
    const user = this.addUser('social@example.com', {
      username: 'google_g-social',
      identities: [{ providerName: 'Google', userId: 'g-social' }],
      attributes: { email_verified: 'false' },
    });
    return this.tokensFor(user);
  }
  ops(op: keyof IdentityClient) {
    return this.calls.filter((call) => call.op === op).map((call) => call.args);
  }
}
