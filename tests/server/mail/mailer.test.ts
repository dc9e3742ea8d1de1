import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../server/mail/mailer.ts';
import { captureLog } from '../../support/log-capture.ts';
import { openTestDatabase } from '../../support/test-server.ts';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

function capturingLogger() {
  const captured = captureLog();
  // pino writes to a plain stream synchronously, so the lines are there once a call returns.
  return { log: pino({ level: 'info' }, captured.stream), lines: captured.lines };
}

const CODE_MAIL = {
  to: 'ada@example.com',
  subject: 'Your verification code',
  text: 'Your code is 482913',
  kind: 'signup-code',
  containsSecret: true,
};

describe('the mailer', () => {
  it('writes every mail to the outbox as queued', async () => {
    const { log } = capturingLogger();
    const mailer = createMailer({ db: database.db, log, deliveryConfigured: false });
    const id = await mailer.enqueue({ ...CODE_MAIL, templateParams: { name: 'Ada' } });
    const row = await database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      to_address: 'ada@example.com',
      subject: 'Your verification code',
      text_body: 'Your code is 482913',
      kind: 'signup-code',
      template_params: { name: 'Ada' },
      contains_secret: true,
      status: 'queued',
      attempts: 0,
    });
  });

  it('keeps where a reply goes; anything but one plain address there is left out, and the mail kept', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ db: database.db, log, deliveryConfigured: false });
    const replyToOf = async (id: number) =>
      (await database.db.selectFrom('mail_outbox').select('reply_to').where('id', '=', id).executeTakeFirstOrThrow()).reply_to;
    expect(await replyToOf(await mailer.enqueue({ ...CODE_MAIL, replyTo: 'grace@example.com' }))).toBe('grace@example.com');
    for (const replyTo of [
      'grace@example.com, boss@example.com',
      'Grace <grace@example.com>',
      'grace@example.com\r\nBcc: x@y.z',
    ]) {
      expect(await replyToOf(await mailer.enqueue({ ...CODE_MAIL, replyTo })), replyTo).toBeNull();
    }
    expect(JSON.stringify(lines())).toContain('mail queued without its reply-to');
  });

  it('shows the whole mail in the log in a local setup, so a developer can read the code', async () => {
    const { log, lines } = capturingLogger();
    await createMailer({ db: database.db, log, deliveryConfigured: false, logBodies: true }).enqueue(CODE_MAIL);
    expect(JSON.stringify(lines())).toContain('482913');
    expect(lines()[0]).toMatchObject({ to: 'ada@example.com', kind: 'signup-code' });
  });

  it('never logs the text of an undelivered mail otherwise', async () => {
    const { log, lines } = capturingLogger();
    await createMailer({ db: database.db, log, deliveryConfigured: false }).enqueue(CODE_MAIL);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ to: 'ada@example.com', kind: 'signup-code' });
    expect(JSON.stringify(lines())).not.toContain('482913');
  });

  it('never logs the text once real delivery is configured', async () => {
    const { log, lines } = capturingLogger();
    await createMailer({ db: database.db, log, deliveryConfigured: true }).enqueue(CODE_MAIL);
    expect(lines()).toHaveLength(1);
    expect(JSON.stringify(lines())).not.toContain('482913');
  });

  it('commits or rolls back with the transaction that caused the mail', async () => {
    const { log } = capturingLogger();
    const mailer = createMailer({ db: database.db, log, deliveryConfigured: false });
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from mail_outbox`.execute(database.db)).rows[0]?.n);
    const before = await count();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await mailer.enqueue({ ...CODE_MAIL, kind: 'rolled-back' }, trx);
        throw new Error('the message could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    expect(await count()).toBe(before);
  });
});
