import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../support/smtp-peer.ts';
import { startInstancesOnPostgres, type Instances } from '../../support/test-server.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * Two servers as production runs them (each its own pool and its own delivery worker, started
 * when the server is ready) on one PostgreSQL outbox and one SMTP peer: the workers of
 * delivery-worker.test.ts share one database handle, these do not.
 */
describe.runIf(url)('the outbox of two instances on one PostgreSQL', () => {
  let peer: SmtpPeer;
  let instances: Instances;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    instances = await startInstancesOnPostgres(2, { SMTP_URL: peer.url, CONTACT_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => {
    await instances?.close();
    await peer?.stop();
  });

  it('sends each mail once, whichever instance queued it, and marks each sent after one try', async () => {
    const count = 60;
    const statuses = await Promise.all(
      Array.from({ length: count }, async (_, n) => {
        const response = await fetch(`${instances.origins[n % 2]}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Sender ${n}`, email: `sender${n}@example.com`, subject: `Topic ${n}`, message: 'Hello' }),
        });
        return response.status;
      }),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
    const db = instances.apps[0]?.database.db;
    if (!db) throw new Error('no instance');
    const outbox = () => db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
    const deadline = Date.now() + 30_000;
    while ((await outbox()).some((mail) => mail.status !== 'sent')) {
      if (Date.now() > deadline) throw new Error('the outbox was not emptied in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A few more rounds of both workers send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const subjects = peer.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    expect(new Set(peer.received.map((mail) => mail.messageId)).size).toBe(count);
    expect((await outbox()).every((mail) => mail.attempts === 1)).toBe(true);
  });
});
