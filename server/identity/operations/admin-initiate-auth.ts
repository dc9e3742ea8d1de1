import { invalidParameter } from '../errors.ts';
import { reportSignIn, reportSignInAnswer } from '../security-events.ts';
import { refreshSession } from '../sessions.ts';
import { readAuthRequest, signInWithPassword } from '../sign-in.ts';
import { requirePoolId, type Operation } from './operation.ts';

/**
 * AdminInitiateAuth, the back end's sign-in: ADMIN_USER_PASSWORD_AUTH (and its older name
 * ADMIN_NO_SRP_AUTH) signs in as InitiateAuth's USER_PASSWORD_AUTH does, with the same
 * lockout and answers; REFRESH_TOKEN_AUTH renews tokens. The user-side flows are refused.
 */
export const adminInitiateAuth: Operation<'AdminInitiateAuth'> = {
  readOnly: true,
  signed: true,
  async run(input, { service, ...client }) {
    requirePoolId(input, service);
    const { flow, clientId, parameter } = readAuthRequest(input, service);
    switch (flow) {
      case 'ADMIN_USER_PASSWORD_AUTH':
      case 'ADMIN_NO_SRP_AUTH': {
        const login = parameter('USERNAME');
        return reportSignInAnswer(service, client, login, () =>
          signInWithPassword(service, login, parameter('PASSWORD'), clientId),
        );
      }
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN': {
        const refresh = () => refreshSession(service, parameter('REFRESH_TOKEN'), clientId);
        return { ChallengeParameters: {}, AuthenticationResult: await reportSignIn(service, client, 'refresh', null, refresh) };
      }
      case 'USER_PASSWORD_AUTH':
      case 'USER_SRP_AUTH':
        throw invalidParameter('Initiate Auth method not supported.');
      default:
        throw invalidParameter(`${flow} flow not enabled for this client`);
    }
  },
};
