import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import type { MailConfig } from './mail-config.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { createEmailJsTransport, createSmtpTransport, type MailTransport } from './transports.ts';

/** The transport the configuration asks for, or undefined when mail stays in the outbox. */
export function createConfiguredTransport(mail: MailConfig): MailTransport | undefined {
  switch (mail.delivery.kind) {
    case 'smtp':
      return createSmtpTransport({ url: mail.delivery.url, from: mail.from });
    case 'emailjs':
      return createEmailJsTransport(mail.delivery.emailjs);
    case 'outbox-only':
      return undefined;
  }
}

/**
 * The app's mailer, plus the delivery worker when a transport is configured: it starts once
 * the app is ready and stops (finishing the mail in hand) when the app closes.
 */
export function registerMailDelivery(app: FastifyInstance, db: Kysely<Schema>, mail: MailConfig): Mailer {
  const transport = createConfiguredTransport(mail);
  const mailer = createMailer({ db, log: app.log, deliveryConfigured: transport !== undefined });
  if (!transport) {
    app.log.info('no mail delivery configured (SMTP_URL or EMAILJS_*): mail stays in the outbox and is logged');
    return mailer;
  }
  const worker = createDeliveryWorker({ db, transport, log: app.log });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
  return mailer;
}
