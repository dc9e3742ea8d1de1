import type { ContactFormFields } from '../../../src-shared/domain/contact.ts';
import type { Database } from '../../../server/db/database.ts';
import type { HttpClient } from './http-client.ts';

/** A valid contact submission whose email tells it apart from every other one. */
export function contactSubmission(tag: string): ContactFormFields {
  return { name: `Reliability ${tag}`, email: `${tag}@example.com`, subject: 'Load', message: `Message ${tag}` };
}

/** POST /api/contact; resolves with the status, or 0 when the connection failed. */
export async function submitContact(client: HttpClient, tag: string): Promise<number> {
  try {
    return (await client.json('POST', '/api/contact', contactSubmission(tag))).status;
  } catch {
    return 0;
  }
}

/** What a database holds of the contact submissions whose emails end in `@example.com`. */
export async function storedContactState(database: Database): Promise<{ emails: Set<string>; halfWritten: number }> {
  const { db } = database;
  const messages = await db.selectFrom('contact_messages').select(['email', 'lead_id', 'mail_id']).execute();
  const leads = new Set((await db.selectFrom('leads').select('id').where('source', '=', 'contact').execute()).map((l) => l.id));
  const mails = new Set((await db.selectFrom('mail_outbox').select('id').execute()).map((m) => m.id));
  const linkedLeads = new Set(messages.map((m) => m.lead_id));
  // Half-written: a message without its lead or mail, or a contact lead without its message.
  const halfWritten =
    messages.filter((m) => !leads.has(m.lead_id) || !mails.has(m.mail_id)).length +
    [...leads].filter((id) => !linkedLeads.has(id)).length;
  return { emails: new Set(messages.map((m) => m.email)), halfWritten };
}
