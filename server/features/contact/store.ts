import type { Kysely } from 'kysely';
import type { ContactFormFields } from '../../../src-shared/domain/contact.ts';
import type { Schema } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { contactNotification } from './notification.ts';

/** The lead source recorded for everyone who writes through the contact form. */
const CONTACT_LEAD_SOURCE = 'contact';

/**
 * Stores the message, its lead and the notification mail in one transaction: either all
 * three are there or none is, so a visitor is never told "sent" for a message we lost.
 */
export async function storeContactMessage(
  deps: { db: Kysely<Schema>; mailer: Mailer; notifyTo: string },
  message: ContactFormFields,
): Promise<{ messageId: number; leadId: number; mailId: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const lead = await trx
      .insertInto('leads')
      .values({ name: message.name, email: message.email, source: CONTACT_LEAD_SOURCE })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mailId = await deps.mailer.enqueue(contactNotification(message, deps.notifyTo), trx);
    const stored = await trx
      .insertInto('contact_messages')
      .values({ ...message, lead_id: lead.id, mail_id: mailId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { messageId: stored.id, leadId: lead.id, mailId };
  });
}
