import type { AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';
import { submitAffiliateApplication as contract } from '../../../src-shared/domain/endpoints/public.ts';
import { callEndpoint } from '../../../src-shared/api/endpoint.ts';

/** Stored, or not: then what the server said of each field it refused, by name (none when it failed otherwise). */
export type ApplicationOutcome = { sent: true } | { sent: false; fields: Record<string, string> };

/** Sends an application (to `baseUrl`, the page's own origin when omitted). Never throws. */
export async function submitAffiliateApplication(
  application: AffiliateApplicationFields,
  { baseUrl }: { baseUrl?: string } = {},
): Promise<ApplicationOutcome> {
  try {
    const answer = await callEndpoint(contract, { body: application }, baseUrl === undefined ? {} : { baseUrl });
    if (answer.ok) return { sent: true };
    console.error('The affiliate application was refused:', answer.status, answer.body);
    return { sent: false, fields: answer.status === 400 ? refusedFields(answer.body) : {} };
  } catch (error) {
    console.error('The affiliate application could not be sent:', error);
    return { sent: false, fields: {} };
  }
}

function refusedFields(body: unknown): Record<string, string> {
  const fields = typeof body === 'object' && body !== null ? (body as { fields?: unknown }).fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
