import type { Preferences, ProfileChanges } from '../../../src-shared/domain/accounts/api.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import * as endpoints from '../../../src-shared/domain/endpoints/accounts.ts';
import type { Endpoint } from '../../../src-shared/domain/endpoints/endpoint.ts';
import { callEndpoint, errorOf, type EndpointAnswer, type EndpointInput } from '../../../src-shared/api/endpoint.ts';
import { retryingTransient, ServerRefusal } from './retry-transient.ts';

/**
 * Calls to our server's accounts API, built from the endpoints' contracts; each carries the
 * id token the server verifies (in the body, or as a bearer token). A refusal throws the
 * server's error, else `failure(status)`.
 */
async function call<E extends Endpoint>(
  contract: E,
  input: EndpointInput<E>,
  failure: (status: number) => string,
  idToken?: string,
): Promise<EndpointAnswer<E>> {
  return (await answered(contract, input, failure, idToken)).body;
}

/** As `call`, with the answer's status (where 201 and 200 say different things). */
async function answered<E extends Endpoint>(
  contract: E,
  input: EndpointInput<E>,
  failure: (status: number) => string,
  idToken?: string,
): Promise<{ status: number; body: EndpointAnswer<E> }> {
  const answer = await callEndpoint(contract, input, idToken ? { headers: { authorization: `Bearer ${idToken}` } } : {});
  if (!answer.ok) {
    const said = errorOf(answer.body);
    throw new ServerRefusal(said ?? failure(answer.status), answer.status, said !== undefined);
  }
  // A 2xx without a JSON body reads as an empty answer, which the callers below treat as such.
  return { status: answer.status, body: answer.body ?? ({} as EndpointAnswer<E>) };
}

async function audit(
  contract: typeof endpoints.auditLogin | typeof endpoints.auditProfile,
  input: EndpointInput<typeof contract>,
) {
  const which = contract === endpoints.auditLogin ? 'audit-login' : 'audit-profile';
  const reply = await call(contract, input, (status) => ACCOUNT_MESSAGES.auditHttp(which, status));
  if (!reply.ok) throw new Error(reply.error ?? ACCOUNT_MESSAGES.auditHttp(which, 200));
}

export const auditLogin = (body: EndpointInput<typeof endpoints.auditLogin>['body']) => audit(endpoints.auditLogin, { body });
export const auditProfile = (idToken: string, changes: ProfileChanges) =>
  audit(endpoints.auditProfile, { body: { idToken, changes } });
/** Reports the sign-up's referral, again while the server cannot be reached or is busy (retry-transient.ts). */
export const recordReferral = (body: EndpointInput<typeof endpoints.recordReferral>['body']) =>
  retryingTransient(() => call(endpoints.recordReferral, { body }, (status) => `referrals HTTP ${status}`));
/**
 * Reports the sign-up's lead, as the referral; resolves true when the sign-up's referral should
 * follow: this report recorded the lead (201), or the server still counts it as the sign-up (a
 * 200 saying `signingUp`: the same report sent again after its 201 was lost). False for a
 * returning customer.
 */
export const recordSignUpLead = async (body: EndpointInput<typeof endpoints.recordSignUpLead>['body']) => {
  const answer = await retryingTransient(() =>
    answered(endpoints.recordSignUpLead, { body }, (status) => `signup-leads HTTP ${status}`),
  );
  return answer.status === 201 || (answer.status === 200 && answer.body.signingUp === true);
};
export const partnerSso = (idToken: string) =>
  call(endpoints.partnerSso, { body: { idToken } }, (status) => `partner/sso HTTP ${status}`);

const authorized = <E extends Endpoint>(contract: E, idToken: string, input: EndpointInput<E>) =>
  call(contract, input, (status) => `${contract.path} HTTP ${status}`, idToken);

export const getPreferences = (idToken: string) => authorized(endpoints.getPreferences, idToken, {});
export const savePreferences = (idToken: string, preferences: Preferences) =>
  authorized(endpoints.savePreferences, idToken, { body: preferences });
export const getRecentSignIns = (idToken: string) => authorized(endpoints.getRecentSignIns, idToken, {});
/** Before the pool deletes the user: the server redacts their audit rows and drops their preferences. */
export const forgetAccount = (idToken: string) => authorized(endpoints.forgetAccount, idToken, {});
