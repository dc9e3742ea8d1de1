import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for, such as 'contact-notification' or 'signup-code'. */
  kind: string;
  /** The fields a template-based transport fills its template with. */
  templateParams?: Record<string, string>;
  /** The mail carries a code or link: never log its text once real delivery is configured. */
  containsSecret?: boolean;
}

export interface Mailer {
  /**
   * Writes the mail to the outbox and returns its id. Pass the transaction that stores
   * what caused the mail, so the two commit together or not at all.
   */
  enqueue(mail: OutgoingMail, executor?: Kysely<Schema>): Promise<number>;
}

/**
 * The one way the server sends mail: every mail lands in the outbox table first. With no
 * delivery configured (development), the log line shows the whole mail so a developer can
 * read a sign-up code; with delivery configured, secrets never reach the log.
 */
export function createMailer(options: { db: Kysely<Schema>; log: FastifyBaseLogger; deliveryConfigured: boolean }): Mailer {
  return {
    async enqueue(mail, executor = options.db) {
      const { id } = await executor
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          kind: mail.kind,
          template_params: JSON.stringify(mail.templateParams ?? {}),
          contains_secret: mail.containsSecret ?? false,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (options.deliveryConfigured) {
        options.log.info({ mailId: id, kind: mail.kind, to: mail.to }, 'mail queued');
      } else {
        options.log.info(
          { mailId: id, kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text },
          'mail queued in the outbox (no mail delivery configured, so it stays there)',
        );
      }
      return id;
    },
  };
}
