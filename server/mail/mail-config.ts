import company from '../../content/company.json' with { type: 'json' };
import { quote, type EnvReader } from '../config/env-reader.ts';
import { isPlainAddress } from './mailer.ts';
import { DEFAULT_MAIL_QUOTA, type MailQuotaConfig } from './send-quota.ts';

/** EmailJS's REST endpoint lives here; only tests point the transport elsewhere (see createEmailJsTransport). */
export const EMAILJS_BASE_URL = 'https://api.emailjs.com';

export interface EmailJsConfig {
  serviceId: string;
  templateId: string;
  /** EmailJS's public key, called user_id in its API. */
  userId: string;
  /** EmailJS's private key, when the account requires it for calls from a server. */
  accessToken: string | undefined;
}

/** How mail leaves the outbox: SMTP wins over EmailJS; with neither, mail stays in the outbox. */
export type MailDelivery = { kind: 'smtp'; url: string } | { kind: 'emailjs'; emailjs: EmailJsConfig } | { kind: 'outbox-only' };

export interface MailConfig {
  delivery: MailDelivery;
  /** The From address of every mail sent by SMTP. */
  from: string;
  /** Who receives the notification of a new contact message. */
  contactNotifyTo: string;
  /** How many mails an hour may go to addresses visitors type (see send-quota.ts). */
  quota: MailQuotaConfig;
}

/** `Name <address>`, the name bare or in double quotes; group 1 is the address. One sender, not a list. */
const SENDER = /^(?:"[^"\r\n]*"\s*|[^"<>,;\r\n]*)<([^<>]*)>$/;

const EMAILJS_IDS = ['EMAILJS_SERVICE_ID', 'EMAILJS_TEMPLATE_ID', 'EMAILJS_USER_ID'] as const;

/** Reads the mail section of the configuration; problems go to `read.problems`. */
export function readMailConfig(read: EnvReader): MailConfig {
  let smtpUrl = read.url('SMTP_URL', ['smtp', 'smtps']);
  // smtp:// and smtp:host parse as URLs without a host, and nodemailer then sends to localhost.
  if (smtpUrl && smtpUrl.hostname === '') {
    read.problems.push(
      `SMTP_URL must name the mail host, such as smtps://user:password@smtp.example:465 (got ${quote(read.optional('SMTP_URL') ?? '')})`,
    );
    smtpUrl = undefined;
  }
  const [serviceId, templateId, userId] = EMAILJS_IDS.map((name) => read.optional(name));
  const missing = EMAILJS_IDS.filter((name) => read.optional(name) === undefined);
  // EmailJS needs all three ids; a partial set is a typo to report, not a silent outbox.
  if (missing.length > 0 && missing.length < EMAILJS_IDS.length) {
    read.problems.push(`EmailJS is partly configured: set ${missing.join(', ')} as well, or none of the EMAILJS_ ids`);
  }
  if (missing.length === EMAILJS_IDS.length && read.optional('EMAILJS_ACCESS_TOKEN') !== undefined) {
    read.problems.push(
      'EMAILJS_ACCESS_TOKEN is set but EmailJS is not: set EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID and EMAILJS_USER_ID too, or unset it',
    );
  }
  const defaultFrom = `${company.name} <no-reply@${company.email.split('@')[1] ?? 'localhost'}>`;
  const from = read.string('MAIL_FROM', defaultFrom);
  // Checked here, as nothing can mend them later: a From without an address goes out without
  // one, and a notification to a recipient that is not an address fails every retry.
  if (!isPlainAddress(SENDER.exec(from)?.[1] ?? from)) {
    read.problems.push(`MAIL_FROM must be an email address or Name <address>, such as ${defaultFrom} (got ${quote(from)})`);
  }
  const contactNotifyTo = read.string('CONTACT_NOTIFY_TO', company.email);
  if (!isPlainAddress(contactNotifyTo)) {
    read.problems.push(`CONTACT_NOTIFY_TO must be one email address, such as ${company.email} (got ${quote(contactNotifyTo)})`);
  }

  let delivery: MailDelivery = { kind: 'outbox-only' };
  if (smtpUrl) delivery = { kind: 'smtp', url: smtpUrl.href };
  else if (serviceId && templateId && userId) {
    delivery = {
      kind: 'emailjs',
      emailjs: { serviceId, templateId, userId, accessToken: read.optional('EMAILJS_ACCESS_TOKEN') },
    };
  }
  return { delivery, from, contactNotifyTo, quota: readMailQuota(read) };
}

function readMailQuota(read: EnvReader): MailQuotaConfig {
  const range = { min: 1, max: 1_000_000 };
  return {
    perClientPerHour: read.integer('MAIL_QUOTA_PER_CLIENT_PER_HOUR', DEFAULT_MAIL_QUOTA.perClientPerHour, range),
    perRecipientPerHour: read.integer('MAIL_QUOTA_PER_RECIPIENT_PER_HOUR', DEFAULT_MAIL_QUOTA.perRecipientPerHour, range),
    perDomainPerHour: read.integer('MAIL_QUOTA_PER_DOMAIN_PER_HOUR', DEFAULT_MAIL_QUOTA.perDomainPerHour, range),
    globalPerHour: read.integer('MAIL_QUOTA_GLOBAL_PER_HOUR', DEFAULT_MAIL_QUOTA.globalPerHour, range),
  };
}
