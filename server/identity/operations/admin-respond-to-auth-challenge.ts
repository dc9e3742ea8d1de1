import { stringMap } from '../fields.ts';
import { reportSignInAnswer } from '../security-events.ts';
import { requireClientId, requirePoolId, type Operation } from './operation.ts';
import { answerChallenge } from './respond-to-auth-challenge.ts';

/** AdminRespondToAuthChallenge: RespondToAuthChallenge for a signed back end, naming the pool too. */
export const adminRespondToAuthChallenge: Operation<'AdminRespondToAuthChallenge'> = {
  readOnly: true,
  signed: true,
  run(input, { service, ...client }) {
    requirePoolId(input, service);
    const clientId = requireClientId(input, service);
    const login = stringMap(input, 'ChallengeResponses').USERNAME ?? null;
    return reportSignInAnswer(service, client, login, () => answerChallenge(service, input, clientId));
  },
};
