import { invalidParameter } from '../errors.ts';
import { reportSignInAnswer } from '../security-events.ts';
import { readAuthRequest, refreshTokenAuth, signInWithPassword } from '../sign-in.ts';
import { requirePoolId, type Operation } from './operation.ts';

/**
 * AdminInitiateAuth, the back end's sign-in: ADMIN_USER_PASSWORD_AUTH (and its older name
 * ADMIN_NO_SRP_AUTH) signs in as InitiateAuth's USER_PASSWORD_AUTH does, with the same
 * lockout and answers; REFRESH_TOKEN_AUTH renews tokens (refused with refresh token rotation
 * on, as InitiateAuth's). The user-side flows are refused.
 */
export const adminInitiateAuth: Operation<'AdminInitiateAuth'> = {
  readOnly: true,
  signed: true,
  async run(input, { service, ...client }) {
    requirePoolId(input, service);
    const request = readAuthRequest(input, service);
    const { flow, clientId, parameter } = request;
    switch (flow) {
      case 'ADMIN_USER_PASSWORD_AUTH':
      case 'ADMIN_NO_SRP_AUTH': {
        const login = parameter('USERNAME');
        return reportSignInAnswer(service, client, login, () =>
          signInWithPassword(service, login, parameter('PASSWORD'), clientId),
        );
      }
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return refreshTokenAuth(service, client, request);
      case 'USER_PASSWORD_AUTH':
      case 'USER_SRP_AUTH':
        throw invalidParameter('Initiate Auth method not supported.');
      default:
        throw invalidParameter(`${flow} flow not enabled for this client`);
    }
  },
};
