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
  /** Where a reply goes instead of the sender (MAIL_FROM, often a no-reply address): one plain address. */
  replyTo?: string;
  /** The mail carries a code or link: never log its text once real delivery is configured. */
  containsSecret?: boolean;
}

/**
 * An address with nothing around it: no name, no second address, no group (`name:`), no
 * comment, quote, backslash, space or line break, none of which a mail header would read as
 * part of one address.
 */
const PLAIN_ADDRESS = /^[^\s@<>,;:"()\\]+@[^\s@<>,;:"()\\]+\.[^\s@<>,;:"()\\]+$/;

/** Whether `value` is one plain email address (PLAIN_ADDRESS), as a reply-to or a configured recipient must be. */
export function isPlainAddress(value: string): boolean {
  return PLAIN_ADDRESS.test(value);
}

export interface Mailer {
  /**
   * Writes the mail to the outbox and returns its id. Pass the transaction that stores
   * what caused the mail, so the two commit together or not at all.
   */
  enqueue(mail: OutgoingMail, executor?: Kysely<Schema>): Promise<number>;
}

/**
 * The one way the server sends mail: every mail lands in the outbox table first. With
 * `logBodies` (a local setup: no delivery configured and an http public URL), the log line
 * shows the whole mail so a developer can read a sign-up code; otherwise the text, codes
 * included, never reaches the log.
 */
export function createMailer(options: {
  db: Kysely<Schema>;
  log: FastifyBaseLogger;
  deliveryConfigured: boolean;
  logBodies?: boolean;
}): Mailer {
  return {
    async enqueue(mail, executor = options.db) {
      // One bare address: a list or a display name would reach the transports' headers as given.
      // Anything else is left out rather than losing the mail (and the form that sends it).
      const replyTo = mail.replyTo !== undefined && isPlainAddress(mail.replyTo) ? mail.replyTo : null;
      if (mail.replyTo !== undefined && replyTo === null) {
        options.log.warn({ kind: mail.kind }, 'mail queued without its reply-to: not one plain email address');
      }
      const { id } = await executor
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          kind: mail.kind,
          template_params: JSON.stringify(mail.templateParams ?? {}),
          reply_to: replyTo,
          contains_secret: mail.containsSecret ?? false,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (options.deliveryConfigured) {
        options.log.info({ mailId: id, kind: mail.kind, to: mail.to }, 'mail queued');
      } else if (options.logBodies) {
        options.log.info(
          { mailId: id, kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text },
          'mail queued in the outbox (no mail delivery configured, so it stays there)',
        );
      } else {
        options.log.info({ mailId: id, kind: mail.kind, to: mail.to }, 'mail queued in the outbox (no mail delivery configured)');
      }
      return id;
    },
  };
}
