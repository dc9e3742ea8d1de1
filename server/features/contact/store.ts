import { sql, type Kysely } from 'kysely';
import type { ContactFormFields } from '../../../src-shared/domain/contact.ts';
import type { Schema } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { contactNotification } from './notification.ts';
import { lockEmailAddress } from '../../db/address-lock.ts';

/** The lead source recorded for everyone who writes through the contact form. */
const CONTACT_LEAD_SOURCE = 'contact';

/**
 * How long the same message from the same address counts as a resend of the first: a visitor
 * whose answer was lost (the network dropped after sending) sends it again within minutes.
 * Short, so the lookup reads only the newest rows (the created_at index), and a person who
 * writes the same words again another day is heard again.
 */
const CONTACT_RESEND_WINDOW = '1 hour';

/** The stored message, new or the one this resends (then no second lead nor mail was made). */
export type StoredContactMessage =
  { messageId: number; resent: false; leadId: number; mailId: number } | { messageId: number; resent: true };

/**
 * Stores the message, its lead and the notification mail in one transaction: either all
 * three are there or none is, so a visitor is never told "sent" for a message we lost.
 *
 * The same message (name, address in any case, subject and text) from the same address within
 * CONTACT_RESEND_WINDOW is the first one sent again, by a visitor who never saw its answer: it
 * is answered the same, and stores nothing, so the team gets one message, one lead, one mail.
 * Messages from one address are taken one at a time (a transaction lock on it), so two sent
 * together are still one.
 */
export async function storeContactMessage(
  deps: { db: Kysely<Schema>; mailer: Mailer; notifyTo: string },
  message: ContactFormFields,
): Promise<StoredContactMessage> {
  return deps.db.transaction().execute(async (trx) => {
    await lockEmailAddress(trx, 'contact-message', message.email);
    const earlier = await trx
      .selectFrom('contact_messages')
      .select('id')
      .where('created_at', '>', sql<Date>`now() - ${CONTACT_RESEND_WINDOW}::interval`)
      .where(sql<string>`lower(email)`, '=', message.email.toLowerCase())
      .where('name', '=', message.name)
      .where('subject', '=', message.subject)
      .where('message', '=', message.message)
      .limit(1)
      .executeTakeFirst();
    if (earlier) return { messageId: earlier.id, resent: true };
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
    return { messageId: stored.id, resent: false, leadId: lead.id, mailId };
  });
}
