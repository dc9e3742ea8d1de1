import type { Generated, JSONColumnType } from 'kysely';

/** The tables the server queries, as Kysely sees them. Each feature adds its own. */
export interface Schema {
  leads: LeadsTable;
  mail_outbox: MailOutboxTable;
}

export interface LeadsTable {
  id: Generated<number>;
  name: string;
  email: string;
  source: string;
  created_at: Generated<Date>;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  /** What the mail is for (contact-notification, signup-code, …), for the operator's outbox view. */
  kind: string;
  /** The fields a template-based transport (EmailJS) fills its template with. */
  template_params: JSONColumnType<Record<string, string>, string, string>;
  /** True for mails that carry a code or link that must never be logged once SMTP is configured. */
  contains_secret: Generated<boolean>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}
