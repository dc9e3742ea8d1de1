import type { AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';
import { submitAffiliateApplication as contract } from '../../../src-shared/domain/endpoints/public.ts';
import { callEndpoint } from '../../../src-shared/api/endpoint.ts';

/** Sends an application; true when the server stored it. Never throws. */
export async function submitAffiliateApplication(application: AffiliateApplicationFields): Promise<boolean> {
  try {
    const answer = await callEndpoint(contract, { body: application });
    if (!answer.ok) console.error('The affiliate application was refused:', answer.status, answer.body);
    return answer.ok;
  } catch (error) {
    console.error('The affiliate application could not be sent:', error);
    return false;
  }
}
