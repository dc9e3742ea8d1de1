import { invalidParameter } from '../errors.ts';
import { reportSignInAnswer } from '../security-events.ts';
import { readAuthRequest, refreshTokenAuth, signInWithPassword } from '../sign-in.ts';
import { startSrpSignIn } from '../srp/sign-in.ts';
import type { Operation } from './operation.ts';

/**
 * InitiateAuth: a sign-in with a password (USER_PASSWORD_AUTH, the site's own), the first step
 * of an SRP sign-in (USER_SRP_AUTH, what Amplify and amazon-cognito-identity-js use), or new
 * tokens from a refresh token (not with refresh token rotation on: GetTokensFromRefreshToken
 * then); other flows are not enabled for our client.
 */
export const initiateAuth: Operation<'InitiateAuth'> = {
  // It reads and writes users (lockout counters) and starts sessions: never served from a cache.
  readOnly: true,
  signed: false,
  async run(input, { service, ...client }) {
    const request = readAuthRequest(input, service);
    const { flow, clientId, parameter } = request;
    switch (flow) {
      case 'USER_PASSWORD_AUTH': {
        const login = parameter('USERNAME');
        return reportSignInAnswer(service, client, login, () =>
          signInWithPassword(service, login, parameter('PASSWORD'), clientId),
        );
      }
      case 'USER_SRP_AUTH':
        // Its first step proves nothing yet: the sign-in is reported at RespondToAuthChallenge.
        return startSrpSignIn(service, parameter('USERNAME'), parameter('SRP_A'), clientId);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return refreshTokenAuth(service, client, request);
      default:
        throw invalidParameter(`${flow} flow not enabled for this client`);
    }
  },
};
