import type { ContactField, ContactRejection, ContactRequest } from '../domain/contact.ts';
import { sendContactMessage as contract } from '../domain/endpoints/public.ts';
import { callEndpoint, retryAfterSecondsOf } from './endpoint.ts';

/** What became of a contact message, in the terms the form needs; nothing here touches the page. */
export type ContactSendResult =
  | { kind: 'sent' }
  /** The server refused some fields; `fields` says what is wrong with each, by name. */
  | { kind: 'invalid'; message: string; fields: Partial<Record<ContactField, string>> }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number | undefined }
  /** Anything else: the network, a server error, an answer we do not understand. */
  | { kind: 'failed'; message: string };

export interface ContactClientOptions {
  /** Where the API lives; the page's own origin when omitted. */
  baseUrl?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

const FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/** `POST /api/contact`. Never throws: every outcome is a result. */
export async function sendContactMessage(
  request: ContactRequest,
  options: ContactClientOptions = {},
): Promise<ContactSendResult> {
  let answer;
  try {
    answer = await callEndpoint(contract, { body: request }, options);
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : 'Network error' };
  }
  if (answer.ok) return { kind: 'sent' };

  const { response } = answer;
  const body = rejectionOf(answer.body);
  const message = body?.error ?? `${contract.method} ${contract.path} answered ${response.status}`;
  if (response.status === 400 && body) {
    const fields: Partial<Record<ContactField, string>> = {};
    for (const field of FIELDS) {
      const problem = body.fields?.[field];
      if (problem) fields[field] = problem;
    }
    return { kind: 'invalid', message, fields };
  }
  if (response.status === 429) return { kind: 'rate-limited', message, retryAfterSeconds: retryAfterSecondsOf(response) };
  return { kind: 'failed', message };
}

function rejectionOf(body: unknown): ContactRejection | undefined {
  return typeof body === 'object' && body !== null && typeof (body as ContactRejection).error === 'string'
    ? (body as ContactRejection)
    : undefined;
}
