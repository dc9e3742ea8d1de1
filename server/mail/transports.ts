import type { Transporter } from 'nodemailer';
import { EMAIL_LIBRARY_VERSION } from '../../src-shared/domain/constants.ts';
import { EMAILJS_BASE_URL, type EmailJsConfig } from './mail-config.ts';

/** One mail as a transport needs it: what the outbox row holds. */
export interface MailToSend {
  to: string;
  subject: string;
  text: string;
  templateParams: Record<string, string>;
  /** Where a reply goes instead of the sender, when the mail says. */
  replyTo: string | null;
}

/** Something that delivers one mail, or throws saying why it could not. */
export interface MailTransport {
  readonly name: 'smtp' | 'emailjs';
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

/** Give up on an unresponsive peer well before the worker's claim on the row runs out. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * SMTP through nodemailer, with pooled connections: opening a connection costs about 110 ms
 * here, a message on an open one about 2 ms (bench/contact), and the pool reconnects by itself
 * after the peer drops or restarts.
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  // nodemailer (about 13 MB resident) is loaded with the first mail, not with the server.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: options.url, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS }),
    ));
  return {
    name: 'smtp',
    async send(mail) {
      await (
        await open()
      ).sendMail({
        from: options.from,
        // An address object: nodemailer takes it as the one address it is, never as a list or a name.
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        ...(mail.replyTo === null ? {} : { replyTo: mail.replyTo }),
      });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

/**
 * EmailJS's REST API (a hosted mail service, the alternative to SMTP): the template on EmailJS's side decides the
 * recipient and wording from `template_params`. The endpoint is fixed; `baseUrl` exists only
 * so tests can point it at a local peer.
 */
export function createEmailJsTransport(config: EmailJsConfig, baseUrl: string = EMAILJS_BASE_URL): MailTransport {
  const endpoint = new URL('/api/v1.0/email/send', baseUrl).href;
  return {
    name: 'emailjs',
    async send(mail) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lib_version: EMAIL_LIBRARY_VERSION,
          service_id: config.serviceId,
          template_id: config.templateId,
          user_id: config.userId,
          ...(config.accessToken ? { accessToken: config.accessToken } : {}),
          // A mail without template fields (a sign-up code, say) still fills a generic template;
          // reply_to is what EmailJS templates put in their Reply-To.
          template_params: {
            to_email: mail.to,
            subject: mail.subject,
            message: mail.text,
            ...(mail.replyTo === null ? {} : { reply_to: mail.replyTo }),
            ...mail.templateParams,
          },
        }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`EmailJS answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
    },
    close() {},
  };
}
