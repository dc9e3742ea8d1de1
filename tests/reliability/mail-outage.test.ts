import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryWorker, type DeliveryWorker } from '../../server/mail/delivery-worker.ts';
import { createSmtpTransport } from '../../server/mail/transports.ts';
import { startTestServer } from '../support/test-server.ts';
import { submitContact } from './support/contact.ts';
import { createHttpClient } from './support/http-client.ts';
import { startSmtpPeer } from '../support/smtp-peer.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The real server queues a notification per contact message; two delivery workers (two
 * instances' worth) send them over real SMTP to a local peer that crashes mid-run. The
 * workers' retry delays are shortened (200 ms, ×4) so the outage fits in a test; everything
 * else is as production runs it.
 */
describe('mail while the SMTP peer is down during sends', () => {
  it('keeps every mail in the outbox and delivers each exactly once after the peer comes back', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.crash());
    const server = await startTestServer({
      env: { CONTACT_RATE_LIMIT_MAX: '10000', ADMIN_PASSWORD: 'reliability-admin-password' },
    });
    cleanups.push(() => server.close());
    const db = server.app.database.db;
    const workers: DeliveryWorker[] = [0, 1].map(() =>
      createDeliveryWorker({
        db,
        transport: createSmtpTransport({ url: peer.url, from: 'HireAssist <no-reply@example.com>' }),
        log: pino({ level: 'silent' }),
        options: { pollIntervalMs: 50, firstRetryDelayMs: 200, batchSize: 5 },
      }),
    );
    cleanups.push(async () => void (await Promise.all(workers.map((worker) => worker.stop()))));
    const client = createHttpClient(server.url, { sockets: 8 });
    cleanups.push(async () => client.close());
    const submit = async (from: number, count: number) => {
      const statuses = await Promise.all(Array.from({ length: count }, (_, n) => submitContact(client, `mail-${from + n}`)));
      expect(statuses.every((status) => status === 201)).toBe(true);
    };
    const outbox = () => db.selectFrom('mail_outbox').select(['id', 'status', 'attempts', 'last_error']).execute();

    await submit(0, 60);
    for (const worker of workers) worker.start();
    // The peer goes down while the workers are sending.
    await until(async () => peer.received.length >= 10, 'some mail was delivered');
    await peer.crash();
    const deliveredBeforeCrash = peer.received.length;
    await submit(60, 40);
    await until(
      async () => (await outbox()).some((mail) => mail.status === 'queued' && mail.attempts >= 2),
      'retries were refused by the dead peer',
    );
    const duringOutage = await outbox();
    console.info(
      `[mail] delivered before the crash: ${deliveredBeforeCrash}; during the outage: ` +
        JSON.stringify(
          duringOutage.reduce<Record<string, number>>((by, mail) => ({ ...by, [mail.status]: (by[mail.status] ?? 0) + 1 }), {}),
        ),
    );
    // Nothing is lost or given up: each mail is sent, or queued for another try.
    expect(duringOutage).toHaveLength(100);
    expect(duringOutage.filter((mail) => mail.status === 'failed')).toEqual([]);

    await peer.restart();
    await until(async () => (await outbox()).every((mail) => mail.status === 'sent'), 'every mail was sent', 90_000);
    const ids = peer.received.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(100);
  });
});
