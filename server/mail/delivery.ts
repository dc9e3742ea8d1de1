import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import type { MailConfig } from './mail-config.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { createEmailJsTransport, createSmtpTransport, type MailTransport } from './transports.ts';

/** The transport the configuration asks for, or undefined when mail stays in the outbox. */
function createConfiguredTransport(mail: MailConfig): MailTransport | undefined {
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
 * the app is ready and stops (finishing the mail in hand) when the app closes. Mail texts
 * (sign-up and reset codes) are logged only in a local setup: no delivery configured and an
 * http `publicUrl`. A public https site with no delivery keeps them in the outbox alone, so
 * whoever reads its logs cannot take over the accounts they were meant for.
 */
export function registerMailDelivery(app: FastifyInstance, db: Kysely<Schema>, mail: MailConfig, publicUrl: string): Mailer {
  const transport = createConfiguredTransport(mail);
  const logBodies = transport === undefined && publicUrl.startsWith('http:');
  const mailer = createMailer({ db, log: app.log, deliveryConfigured: transport !== undefined, logBodies });
  if (!transport) {
    app.log.info(
      logBodies
        ? 'no mail delivery configured (SMTP_URL or EMAILJS_*): mail stays in the outbox and is logged'
        : 'no mail delivery configured (SMTP_URL or EMAILJS_*): mail stays in the outbox; its text is not logged on an https site',
    );
    return mailer;
  }
  const worker = createDeliveryWorker({ db, transport, log: app.log });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
  return mailer;
}
