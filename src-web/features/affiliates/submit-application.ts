import type { AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';
import { submitAffiliateApplication as contract } from '../../../src-shared/domain/endpoints/public.ts';
import { ANSWER_TIMEOUT_MS, answerDeadline } from '../../../src-shared/api/answer-deadline.ts';
import { callEndpoint, retryAfterSecondsOf } from '../../../src-shared/api/endpoint.ts';

/**
 * Stored, or not: then what the server said of each field it refused, by name (none when it
 * failed otherwise), or that this address sent too many lately and how long to wait (a 429).
 */
export type ApplicationOutcome =
  | { sent: true }
  | { sent: false; fields: Record<string, string> }
  | { sent: false; rateLimited: true; retryAfterSeconds: number | undefined };

/** Sends an application (to `baseUrl`, the page's own origin when omitted). Never throws. */
export async function submitAffiliateApplication(
  application: AffiliateApplicationFields,
  { baseUrl }: { baseUrl?: string } = {},
): Promise<ApplicationOutcome> {
  const deadline = answerDeadline(ANSWER_TIMEOUT_MS);
  try {
    const answer = await callEndpoint(
      contract,
      { body: application },
      { signal: deadline.signal, ...(baseUrl === undefined ? {} : { baseUrl }) },
    );
    if (answer.ok) return { sent: true };
    if (answer.status === 429) return { sent: false, rateLimited: true, retryAfterSeconds: retryAfterSecondsOf(answer.response) };
    console.error('The affiliate application was refused:', answer.status, answer.body);
    return { sent: false, fields: answer.status === 400 ? refusedFields(answer.body) : {} };
  } catch (error) {
    console.error('The affiliate application could not be sent:', deadline.expired() ? 'no answer within 30 s' : error);
    return { sent: false, fields: {} };
  } finally {
    deadline.clear();
  }
}

function refusedFields(body: unknown): Record<string, string> {
  const fields = typeof body === 'object' && body !== null ? (body as { fields?: unknown }).fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
