import { createServer, type IncomingMessage } from 'node:http';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryFailedMail } from '../../../server/features/admin/store.ts';
import { createDeliveryWorker, type DeliveryOptions } from '../../../server/mail/delivery-worker.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { createEmailJsTransport, createSmtpTransport, type MailTransport } from '../../../server/mail/transports.ts';
import { openTestDatabase } from '../../support/test-server.ts';
import { startSmtpPeer, type SmtpPeer } from '../../support/smtp-peer.ts';
import { listenOnLoopback } from '../../support/free-port.ts';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);
const log = pino({ level: 'silent' });
/** Quick rounds and retries so a test sees several tries in well under a second. */
const FAST: Partial<DeliveryOptions> = { pollIntervalMs: 20, firstRetryDelayMs: 50, maxAttempts: 3 };

let database: TestDatabase;
let peer: SmtpPeer;
beforeAll(async () => {
  database = await openTestDatabase({ postgres: usePostgres });
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer.stop();
  await database.dispose();
});
afterEach(async () => {
  await database.db.deleteFrom('mail_outbox').execute();
  peer.received.length = 0;
});

const mailer = () => createMailer({ db: database.db, log, deliveryConfigured: true });
const enqueue = (n: number, kind = 'contact-notification') =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      mailer().enqueue({ to: `team${i}@hireassist.example`, subject: `Message ${i}`, text: `Body ${i}`, kind }),
    ),
  );
/** `n` mails queued one after the other, so they are claimed in the order of their ids. */
async function enqueueInOrder(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    await mailer().enqueue({
      to: `team${i}@hireassist.example`,
      subject: `Message ${i}`,
      text: `Body ${i}`,
      kind: 'contact-notification',
    });
  }
}
const rows = () => database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
const smtp = () => createSmtpTransport({ url: peer.url, from: 'HireAssist <no-reply@hireassist.example>' });

async function waitFor(check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const subjectsReceived = () => peer.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]).sort();

describe('the delivery worker over SMTP (a real SMTP peer on 127.0.0.1)', () => {
  it('sends each queued mail once, From the configured sender, and marks it sent', async () => {
    await enqueue(3);
    const worker = createDeliveryWorker({ db: database.db, transport: smtp(), log, options: FAST });
    expect(await worker.runOnce()).toBe(3);
    expect(subjectsReceived()).toEqual(['Message 0', 'Message 1', 'Message 2']);
    expect(peer.received[0]?.from).toBe('no-reply@hireassist.example');
    expect(peer.received.flatMap((mail) => mail.to).sort()).toEqual([
      'team0@hireassist.example',
      'team1@hireassist.example',
      'team2@hireassist.example',
    ]);
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(row.sent_at).toBeInstanceOf(Date);
    }
    expect(await worker.runOnce()).toBe(0);
    expect(peer.received).toHaveLength(3);
    await worker.stop();
  });

  it('keeps mail while the peer is down and delivers it, once, when the peer comes back', async () => {
    await peer.stop();
    await enqueue(2);
    const worker = createDeliveryWorker({ db: database.db, transport: smtp(), log, options: { ...FAST, maxAttempts: 50 } });
    worker.start();
    await waitFor(async () => (await rows()).every((row) => row.attempts >= 2));
    const waiting = await rows();
    expect(waiting.every((row) => row.status !== 'sent' && row.status !== 'failed')).toBe(true);
    expect(waiting[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);

    await peer.restart();
    await waitFor(async () => (await rows()).every((row) => row.status === 'sent'));
    await worker.stop();
    // Several more rounds after delivery send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subjectsReceived()).toEqual(['Message 0', 'Message 1']);
    expect((await rows()).every((row) => row.last_error === null)).toBe(true);
  });

  it('waits longer between each retry and marks the mail failed after the last try', async () => {
    const failing: MailTransport = {
      name: 'smtp',
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
      close() {},
    };
    await enqueue(1);
    const worker = createDeliveryWorker({
      db: database.db,
      transport: failing,
      log,
      options: { ...FAST, firstRetryDelayMs: 60_000 },
    });
    await worker.runOnce();
    const [afterFirst] = await rows();
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, last_error: '550 mailbox unavailable' });
    const firstWait = (afterFirst?.next_attempt_at.getTime() ?? 0) - Date.now();
    expect(firstWait).toBeGreaterThan(55_000);
    expect(firstWait).toBeLessThan(65_000);
    expect(await worker.runOnce()).toBe(0);
    expect((await rows())[0]?.attempts).toBe(1);

    // Make it due now; the second wait is four times the first.
    await database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .execute();
    await worker.runOnce();
    const secondWait = ((await rows())[0]?.next_attempt_at.getTime() ?? 0) - Date.now();
    expect(secondWait).toBeGreaterThan(235_000);
    expect(secondWait).toBeLessThan(245_000);

    await database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .execute();
    await worker.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 3, last_error: '550 mailbox unavailable' });
    await database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .execute();
    await worker.runOnce();
    expect((await rows())[0]?.attempts).toBe(3);
    await worker.stop();
  });

  it('never sends a mail twice when several servers deliver from the same outbox', async () => {
    await enqueue(12);
    const workers = Array.from({ length: 3 }, () =>
      createDeliveryWorker({ db: database.db, transport: smtp(), log, options: { ...FAST, batchSize: 2 } }),
    );
    for (const worker of workers) worker.start();
    await waitFor(async () => (await rows()).every((row) => row.status === 'sent'));
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(peer.received).toHaveLength(12);
    expect(new Set(subjectsReceived()).size).toBe(12);
    expect((await rows()).every((row) => row.attempts === 1)).toBe(true);
  });

  it('marks a mail failed, not resent, when a server died while sending it', async () => {
    const [id = 0] = await enqueue(1);
    // What a crash mid-send leaves behind: a claim whose time has run out.
    await database.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: 1, next_attempt_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', id)
      .execute();
    const worker = createDeliveryWorker({ db: database.db, transport: smtp(), log, options: FAST });
    await worker.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'failed' });
    expect((await rows())[0]?.last_error).toContain('never sent twice');
    expect(peer.received).toHaveLength(0);
    await worker.stop();
  });

  it('keeps no code or temporary password in the outbox once the mail carrying it is sent', async () => {
    await mailer().enqueue({
      to: 'ada@example.com',
      subject: 'Your temporary password',
      text: 'Your username is ada@example.com and temporary password is Tmp-Secret-4821.',
      kind: 'identity-invitation',
      templateParams: { username: 'ada@example.com', password: 'Tmp-Secret-4821' },
      containsSecret: true,
    });
    await mailer().enqueue({
      to: 'team@hireassist.example',
      subject: 'Contact form: Hi',
      text: 'Grace wrote',
      kind: 'contact-notification',
    });
    const worker = createDeliveryWorker({ db: database.db, transport: smtp(), log, options: FAST });
    expect(await worker.runOnce()).toBe(2);
    expect(peer.received.map((mail) => mail.raw).join('\n')).toContain('Tmp-Secret-4821');
    const [invitation, notification] = await rows();
    expect(invitation).toMatchObject({ status: 'sent', subject: 'Your temporary password', template_params: {} });
    expect(JSON.stringify(invitation)).not.toContain('Tmp-Secret-4821');
    // A mail with nothing secret in it keeps its text.
    expect(notification).toMatchObject({ status: 'sent', text_body: 'Grace wrote' });
    await worker.stop();
  });

  it('delivers the mails a dead server had not started sending; only the one it was sending is marked failed', async () => {
    await enqueueInOrder(3);
    // A server that dies in the middle of sending its first mail: the send never ends.
    let sendsStarted = 0;
    const hanging: MailTransport = {
      name: 'smtp',
      send: () => {
        sendsStarted += 1;
        return new Promise<void>(() => {});
      },
      close() {},
    };
    const dead = createDeliveryWorker({ db: database.db, transport: hanging, log, options: { ...FAST, claimTimeoutMs: 200 } });
    void dead.runOnce();
    await waitFor(async () => sendsStarted === 1);
    // Its claim runs out; another server's worker takes over.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const survivor = createDeliveryWorker({ db: database.db, transport: smtp(), log, options: FAST });
    await survivor.runOnce();
    await survivor.runOnce();
    expect(sendsStarted).toBe(1);
    expect((await rows()).map((row) => row.status)).toEqual(['failed', 'sent', 'sent']);
    expect(subjectsReceived()).toEqual(['Message 1', 'Message 2']);
    await survivor.stop();
  });

  it('never sends a mail twice when a server that stalled past its claim reports a failed send after the mail was retried', async () => {
    const [id = 0] = await enqueue(1);
    /** A transport whose sends end only when the test says, as on a server that froze mid-send. */
    const controlled = () => {
      const pending: { resolve(): void; reject(error: Error): void }[] = [];
      const transport: MailTransport = {
        name: 'smtp',
        send: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
        close() {},
      };
      return { transport, pending };
    };
    const stalled = controlled();
    const stalledWorker = createDeliveryWorker({
      db: database.db,
      transport: stalled.transport,
      log,
      options: { ...FAST, claimTimeoutMs: 200 },
    });
    void stalledWorker.runOnce();
    await waitFor(async () => stalled.pending.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Another server finds the claim run out and marks the mail failed; the operator presses Retry.
    const second = createDeliveryWorker({ db: database.db, transport: smtp(), log, options: FAST });
    await second.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'failed' });
    expect(await retryFailedMail(database.db, id)).toBe(true);
    const third = controlled();
    const thirdWorker = createDeliveryWorker({ db: database.db, transport: third.transport, log, options: FAST });
    void thirdWorker.runOnce();
    await waitFor(async () => third.pending.length === 1);

    // The frozen server wakes up and records its send as failed, while the third one is sending the mail.
    stalled.pending[0]?.reject(new Error('connection reset'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const sweeper = createDeliveryWorker({ db: database.db, transport: smtp(), log, options: FAST });
    await sweeper.runOnce();
    expect(peer.received).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ status: 'sending', attempts: 1 });
    third.pending[0]?.resolve();
    await waitFor(async () => (await rows())[0]?.status === 'sent');
    await Promise.all([stalledWorker.stop(), second.stop(), thirdWorker.stop(), sweeper.stop()]);
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
  });

  it('keeps sending the rest of a round when recording one mail fails', async () => {
    await enqueueInOrder(3);
    let sends = 0;
    // The database refuses the first "sent" mark, as during a brief outage.
    await sql`create or replace function refuse_first_sent() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' and new.subject = 'Message 0' then raise exception 'database hiccup'; end if;
        return new;
      end $$`.execute(database.db);
    await sql`create trigger refuse_first_sent before update on mail_outbox for each row execute function refuse_first_sent()`.execute(
      database.db,
    );
    try {
      const counting: MailTransport = {
        name: 'smtp',
        send: () => {
          sends += 1;
          return Promise.resolve();
        },
        close() {},
      };
      const worker = createDeliveryWorker({ db: database.db, transport: counting, log, options: FAST });
      await worker.runOnce().catch(() => 0);
      await worker.runOnce().catch(() => 0);
      expect(sends).toBe(3);
      expect((await rows()).map((row) => row.status)).toEqual(['sending', 'sent', 'sent']);
      await worker.stop();
    } finally {
      await sql`drop trigger refuse_first_sent on mail_outbox`.execute(database.db);
      await sql`drop function refuse_first_sent()`.execute(database.db);
    }
  });
});

describe('the delivery worker over EmailJS (a local HTTP peer in place of api.emailjs.com)', () => {
  const requests: { method: string; url: string; contentType: string; body: Record<string, unknown> }[] = [];
  let status = 200;
  const emailJs = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>,
      });
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'OK' : 'The user_id parameter is invalid');
    });
  });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await listenOnLoopback(emailJs);
  });
  afterAll(() => new Promise<void>((resolve) => emailJs.close(() => resolve())));
  afterEach(() => {
    requests.length = 0;
    status = 200;
  });

  const transport = () =>
    createEmailJsTransport(
      { serviceId: 'service_abc', templateId: 'template_xyz', userId: 'user_123', accessToken: undefined },
      baseUrl,
    );
  const CONTACT = {
    name: 'Grace Hopper',
    email: 'grace@navy.example',
    subject: 'Demo Request',
    message: 'Show me the shortlist.',
  };

  it('posts EmailJS’s request: lib_version 3.2.0, the three ids and the contact template_params', async () => {
    await mailer().enqueue({
      to: 'info@hireassist.ai',
      subject: 'Contact form: Demo Request',
      text: 'Grace wrote',
      kind: 'contact-notification',
      templateParams: CONTACT,
    });
    const worker = createDeliveryWorker({ db: database.db, transport: transport(), log, options: FAST });
    expect(await worker.runOnce()).toBe(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/v1.0/email/send', contentType: 'application/json' });
    expect(requests[0]?.body).toEqual({
      lib_version: '3.2.0',
      service_id: 'service_abc',
      template_id: 'template_xyz',
      user_id: 'user_123',
      template_params: { to_email: 'info@hireassist.ai', ...CONTACT },
    });
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
    await worker.stop();
  });

  it("gives the template the mail's reply-to as reply_to", async () => {
    await mailer().enqueue({
      to: 'affiliates@hireassist.ai',
      subject: 'New affiliate application',
      text: 'Reply to this mail to answer the applicant.',
      kind: 'affiliate-application',
      replyTo: 'grace@example.com',
    });
    const worker = createDeliveryWorker({ db: database.db, transport: transport(), log, options: FAST });
    expect(await worker.runOnce()).toBe(1);
    expect(requests[0]?.body.template_params).toMatchObject({
      to_email: 'affiliates@hireassist.ai',
      reply_to: 'grace@example.com',
    });
    await worker.stop();
  });

  it('keeps the mail for a retry, with EmailJS’s answer as the error, when EmailJS refuses it', async () => {
    status = 400;
    await mailer().enqueue({
      to: 'info@hireassist.ai',
      subject: 'S',
      text: 'T',
      kind: 'contact-notification',
      templateParams: CONTACT,
    });
    const worker = createDeliveryWorker({ db: database.db, transport: transport(), log, options: FAST });
    expect(await worker.runOnce()).toBe(0);
    expect((await rows())[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'EmailJS answered 400: The user_id parameter is invalid',
    });
    await worker.stop();
  });
});
