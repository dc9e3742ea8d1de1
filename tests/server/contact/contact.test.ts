import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const GOOD = {
  name: 'Grace Hopper',
  email: 'grace@navy.example',
  subject: 'Demo Request',
  message: 'We hire 40 engineers a year and would like to see the ranked shortlist.',
};

const post = (server: TestServer, body: unknown) =>
  server.fetch('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function counts(server: TestServer) {
  const { rows } = await sql<{ messages: number; leads: number; mails: number }>`
    select (select count(*)::int from contact_messages) as messages,
           (select count(*)::int from leads) as leads,
           (select count(*)::int from mail_outbox) as mails`.execute(server.app.database.db);
  return rows[0];
}

/** The same journeys on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL. */
function contactJourneys(postgres: boolean) {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      postgres,
      env: { CONTACT_NOTIFY_TO: 'sales@hireassist.example', CONTACT_RATE_LIMIT_MAX: '100' },
    });
  });
  afterAll(() => server.close());

  it('stores the message, its lead and the notification mail, linked to each other', async () => {
    const response = await post(server, GOOD);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });

    const db = server.app.database.db;
    const message = await db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(message).toMatchObject(GOOD);
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', message.lead_id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ name: GOOD.name, email: GOOD.email, source: 'contact' });
    expect(lead.created_at).toBeInstanceOf(Date);
    const mail = await db.selectFrom('mail_outbox').selectAll().where('id', '=', message.mail_id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: 'sales@hireassist.example',
      kind: 'contact-notification',
      subject: 'Contact form: Demo Request',
      status: 'queued',
      template_params: GOOD,
    });
    expect(mail.text_body).toContain(GOOD.message);
  });

  it('a message sent again after its answer was lost (the retry, or two sent together) is stored once, with one lead and one mail', async () => {
    const message = { ...GOOD, email: 'retry@example.com', message: 'Did this go through? The page said the network dropped.' };
    const messagesFrom = () =>
      server.app.database.db.selectFrom('contact_messages').select('id').where('email', '=', 'retry@example.com').execute();
    const before = await counts(server);
    // What the server sees when the visitor's first answer never reached them: the same message again.
    expect((await post(server, message)).status).toBe(201);
    const retry = await post(server, { ...message, name: ` ${message.name} ` });
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ ok: true });
    const together = await Promise.all([post(server, message), post(server, message)]);
    expect(together.map((answer) => answer.status)).toEqual([201, 201]);
    expect(await messagesFrom()).toHaveLength(1);
    const after = await counts(server);
    expect([after?.messages, after?.leads, after?.mails]).toEqual(
      [before?.messages, before?.leads, before?.mails].map((n = 0) => n + 1),
    );

    // Another message from the same address is another message.
    expect((await post(server, { ...message, message: 'And one more question.' })).status).toBe(201);
    expect(await messagesFrom()).toHaveLength(2);
  });

  it('trims what it stores and accepts a message without a subject', async () => {
    const response = await post(server, { name: '  Ada Lovelace ', email: ' ada@example.com', message: ' Hello \n' });
    expect(response.status).toBe(201);
    const stored = await server.app.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Ada Lovelace', subject: '', message: 'Hello' });
  });

  it('refuses a line break in a one-line field with a 400 naming it, as the affiliate form does, so no one can forge lines of the notice mail', async () => {
    // A form's name and subject inputs cannot hold a line break (the page folds a pasted one into
    // a space before sending); a script can, to write its own "who wrote" and "Subject:" lines
    // into the mail the team reads. It is told so, rather than having its text changed.
    const response = await post(server, {
      name: 'Eve\r\nFrom: ceo@hireassist.example',
      email: 'eve@evil.example',
      subject: 'Hi\nSubject: Wire the payment today\u2028Bcc: x\u0085y',
      message: 'Hello',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: object }).fields).toEqual({
      name: 'must be one line of text',
      subject: 'must be one line of text',
    });
    const db = server.app.database.db;
    expect(await db.selectFrom('contact_messages').selectAll().where('email', '=', 'eve@evil.example').execute()).toEqual([]);
    expect(await db.selectFrom('mail_outbox').selectAll().where('text_body', 'like', '%eve@evil.example%').execute()).toEqual([]);
  });

  it('keeps a tab and any script in a one-line field as they are, as the affiliate form does', async () => {
    const response = await post(server, {
      name: 'Zoë\tRenée 李',
      email: 'zoe@example.com',
      subject: 'Ωmega 🚀',
      message: 'Hi\nthere',
    });
    expect(response.status).toBe(201);
  });

  it('stores nothing at all when any part of the transaction fails', async () => {
    const db = server.app.database.db;
    // A real failure inside the database while the mail is queued, after the lead was inserted.
    await sql`create function refuse_mail() returns trigger language plpgsql as $$
              begin raise exception 'outbox unavailable'; end $$`.execute(db);
    await sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`.execute(db);
    try {
      const before = await counts(server);
      const response = await post(server, { ...GOOD, email: 'lost@example.com' });
      expect(response.status).toBe(500);
      expect(((await response.json()) as { error: string }).error).not.toContain('outbox unavailable');
      expect(await counts(server)).toEqual(before);
    } finally {
      await sql`drop trigger refuse_mail on mail_outbox`.execute(db);
      await sql`drop function refuse_mail()`.execute(db);
    }
  });

  it('rejects bad input with a 400 naming every wrong field, and stores nothing', async () => {
    const before = await counts(server);
    const response = await post(server, { name: '   ', email: 'not-an-address', subject: 'x'.repeat(201), message: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields).toEqual({
      name: 'must not be empty',
      email: 'must be a valid email',
      subject: 'must be at most 200 characters',
      message: 'must not be empty',
    });
    expect(body.error).toContain("'email' must be a valid email");
    expect(body.error).toMatch(/^Invalid request body: /);
    expect(await counts(server)).toEqual(before);
  });

  it('refuses a name of invisible characters alone (zero-width spaces, joiners, a BOM), which the team would see blank, as it does an empty one', async () => {
    const before = await counts(server);
    for (const invisible of ['\u200b', '\u200b\u200c\u200d', ' \u2060\ufeff ', '\u200e\u00ad']) {
      const response = await post(server, { ...GOOD, name: invisible });
      expect(response.status, JSON.stringify(invisible)).toBe(400);
      expect(((await response.json()) as { fields: object }).fields).toEqual({ name: 'must not be empty' });
    }
    expect(await counts(server)).toEqual(before);
    // A name with one visible letter among them still passes, and so does a joined emoji.
    expect((await post(server, { ...GOOD, email: 'zw@example.com', name: '\u200bA' })).status).toBe(201);
  });

  it('names missing and unknown fields', async () => {
    const missing = await post(server, { email: 'ada@example.com' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields: object }).fields).toEqual({ name: 'is required', message: 'is required' });
    const unknown = await post(server, { ...GOOD, phone: '555' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe("Invalid request body: 'phone' is not allowed");
    const tooLong = await post(server, { ...GOOD, message: 'x'.repeat(5001) });
    expect(((await tooLong.json()) as { fields: object }).fields).toEqual({ message: 'must be at most 5000 characters' });
  });

  it('answers a bot that fills the honeypot like a person, and stores nothing', async () => {
    const before = await counts(server);
    const response = await post(server, { ...GOOD, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    // Even a bot's invalid fields get the same answer: nothing tells it the trap was seen.
    const sloppy = await post(server, { name: '', email: 'x', message: '', website: 'buy now' });
    expect(sloppy.status).toBe(201);
    expect(await counts(server)).toEqual(before);
  });
}

describe('POST /api/contact (embedded database)', () => contactJourneys(false));
describe.runIf(process.env.TEST_DATABASE_URL)('POST /api/contact (PostgreSQL)', () => contactJourneys(true));

describe('the contact rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The configured default: 5 messages per address per 600 s.
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('counts only messages that pass validation, and answers 429 with a clear message after 5', async () => {
    // Typing mistakes the form sends back: none of them may cost the visitor one of their 5 messages.
    expect((await post(server, { ...GOOD, email: 'bad' })).status).toBe(400);
    expect((await post(server, { ...GOOD, name: '   ' })).status).toBe(400);
    expect((await post(server, { email: GOOD.email })).status).toBe(400);
    for (let n = 1; n <= 5; n += 1) {
      const accepted = await post(server, { ...GOOD, email: `visitor-${n}@example.com` });
      expect(accepted.status, `valid message ${n}`).toBe(201);
      expect(accepted.headers.get('x-ratelimit-remaining')).toBe(String(5 - n));
    }

    const before = await counts(server);
    const limited = await post(server, GOOD);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await counts(server)).toEqual(before);
  });

  it('limits only the contact route', async () => {
    const health = await server.fetch('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('the contact rate limit for an IPv6 client', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind one proxy (the test), which passes on the client's address.
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server.close());

  const postFrom = (address: string, n: number) =>
    server.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ ...GOOD, email: `visitor-${n}@example.com` }),
    });

  it('counts the whole /64 one subscriber holds as one client, however it rotates its addresses', async () => {
    for (let n = 1; n <= 5; n += 1) expect((await postFrom(`2001:db8:1:2::${n}`, n)).status, `message ${n}`).toBe(201);
    expect((await postFrom('2001:db8:1:2:abcd:ef01:2345:6789', 6)).status).toBe(429);
    // Its neighbour network is another subscriber.
    expect((await postFrom('2001:db8:1:3::1', 7)).status).toBe(201);
  });
});
