import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../support/smtp-peer.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AFFILIATES_NOTIFY_TO: 'affiliates-team@example.com', AFFILIATES_RATE_LIMIT: '1000' } });
});
afterAll(() => server.close());

function apply(body: unknown, target = server): Promise<Response> {
  return target.fetch('/api/affiliates/applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const COMPLETE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  company: 'Compilers Inc',
  website: 'https://grace.example',
  experience: 'intermediate',
  audience: 'HR leaders\nin the Southeast',
  motivation: 'My readers hire every month.',
};

describe('POST /api/affiliates/applications', () => {
  it('stores the application, its lead (source affiliate) and the mail to the affiliate team', async () => {
    const response = await apply(COMPLETE);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true });
    const db = server.app.database.db;
    const application = await db.selectFrom('affiliate_applications').selectAll().executeTakeFirstOrThrow();
    expect(application).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      experience: 'intermediate',
    });
    // Nor the applicant's network address, which nothing would use (the rate limit counts elsewhere).
    expect(JSON.stringify(application)).not.toMatch(/127\.0\.0\.1|::1/);
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', application.lead_id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', source: 'affiliate' });
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'affiliate-application')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('affiliates-team@example.com');
    expect(mail.template_params).toEqual({
      to_name: 'HireAssist Affiliate Team',
      from_name: 'Grace Hopper',
      from_email: 'grace@example.com',
      company: 'Compilers Inc',
      website: 'https://grace.example',
      experience: 'Intermediate (2-5 years)',
      audience: 'HR leaders\nin the Southeast',
      motivation: 'My readers hire every month.',
      reply_to: 'grace@example.com',
    });
    expect(mail.text_body).toContain('My readers hire every month.');
  });

  it('accepts the three required fields alone, with empty template params for the rest', async () => {
    const response = await apply({ firstName: ' Alan ', lastName: 'Turing', email: 'alan@example.com' });
    expect(response.status).toBe(201);
    const mail = await server.app.database.db
      .selectFrom('mail_outbox')
      .select('template_params')
      .where('kind', '=', 'affiliate-application')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.template_params).toMatchObject({ from_name: 'Alan Turing', company: '', experience: '', motivation: '' });
  });

  /** The applications, their leads and the team's mails for an address (any case). */
  async function recordsOf(email: string) {
    const db = server.app.database.db;
    const applications = await db
      .selectFrom('affiliate_applications')
      .select(['id', 'lead_id', 'website'])
      .where(sql<string>`lower(email)`, '=', email)
      .orderBy('id')
      .execute();
    const leads = await db
      .selectFrom('leads')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email)
      .execute();
    const mails = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'affiliate-application')
      .where(sql<string>`lower(text_body)`, 'like', `%email: ${email}%`)
      .execute();
    return { applications, leads: leads.length, mails: mails.length };
  }

  it('stores a repeat from the same address within the review week under the first lead, with the same answer and no second mail', async () => {
    expect((await apply({ ...COMPLETE, email: 'Repeat@Example.com' })).status).toBe(201);
    const again = await apply({ ...COMPLETE, email: 'repeat@example.com', website: 'https://corrected.example' });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ success: true });
    const records = await recordsOf('repeat@example.com');
    expect(records.applications.map((row) => row.website)).toEqual(['https://grace.example', 'https://corrected.example']);
    expect(new Set(records.applications.map((row) => row.lead_id)).size).toBe(1);
    expect(records).toMatchObject({ leads: 1, mails: 1 });

    // A week on, an applicant still waiting is news again: a lead and a mail of its own.
    await server.app.database.db
      .updateTable('affiliate_applications')
      .set({ created_at: sql<Date>`created_at - interval '8 days'` })
      .where(sql<string>`lower(email)`, '=', 'repeat@example.com')
      .execute();
    expect((await apply({ ...COMPLETE, email: 'repeat@example.com' })).status).toBe(201);
    expect(await recordsOf('repeat@example.com')).toMatchObject({ leads: 2, mails: 2 });
  });

  const BAD: [string, unknown, RegExp][] = [
    ['no first name', { ...COMPLETE, firstName: undefined }, /'firstName' is required/],
    ['a blank last name', { ...COMPLETE, lastName: '   ' }, /'lastName'/],
    ['an invalid email', { ...COMPLETE, email: 'not-an-email' }, /'email' must be a valid email/],
    ['an unknown experience band', { ...COMPLETE, experience: 'expert' }, /'experience'/],
    ['an unknown field', { ...COMPLETE, admin: true }, /'admin' is not allowed/],
    ['an overlong motivation', { ...COMPLETE, motivation: 'x'.repeat(2001) }, /'motivation' must be at most 2000 characters/],
    ['a body that is not JSON', '{"firstName": ', /not valid JSON/],
  ];
  for (const [name, body, message] of BAD) {
    it(`refuses ${name} with a clear 400 and stores nothing`, async () => {
      const before = await server.app.database.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await apply(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
      const after = await server.app.database.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  }

  // Zero-width characters alone show blank to the operator: a required name needs a visible one.
  for (const field of ['firstName', 'lastName'] as const) {
    it(`refuses a ${field} of invisible characters alone, or of spaces, as empty`, async () => {
      for (const blank of ['\u200b', '\u200b\u200d\u2060', '\ufeff', '   ']) {
        const response = await apply({ ...COMPLETE, email: 'invisible@example.com', [field]: blank });
        expect(response.status, JSON.stringify(blank)).toBe(400);
        expect(((await response.json()) as { fields: object }).fields).toEqual({ [field]: 'must not be empty' });
      }
      expect(
        await server.app.database.db.selectFrom('mail_outbox').where('reply_to', '=', 'invisible@example.com').execute(),
      ).toEqual([]);
    });
  }

  // A line break in a one-line field would write lines of its own into the team's mail.
  const FORGED_LINES = '\nEmail: ceo@bigcorp.example\nCompany: BigCorp';
  for (const field of ['firstName', 'lastName', 'company', 'website'] as const) {
    it(`refuses a line break in the one-line field ${field}, which would forge lines in the team's mail`, async () => {
      for (const breaking of [FORGED_LINES, '\rEmail: ceo@bigcorp.example', '\u2028Email: ceo@bigcorp.example']) {
        const response = await apply({ ...COMPLETE, email: 'forger@example.com', [field]: `Eve${breaking}` });
        expect(response.status, JSON.stringify(breaking)).toBe(400);
        expect(((await response.json()) as { fields: object }).fields).toEqual({ [field]: 'must be one line of text' });
      }
      const mails = await server.app.database.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('text_body', 'like', '%forger@example.com%')
        .execute();
      expect(mails).toEqual([]);
    });
  }

  // A right-to-left override runs on to the line's end: the team's subject would read "New
  // affiliate application: <the applicant's text backwards>", whatever that spells.
  for (const field of ['firstName', 'lastName', 'company', 'website'] as const) {
    it(`refuses a bidirectional override or isolate in the one-line field ${field}, which would reorder the team's mail`, async () => {
      for (const control of ['\u202e', '\u202d', '\u202b', '\u2067']) {
        const response = await apply({ ...COMPLETE, email: 'reorder@example.com', [field]: `Eve${control}moc.elpmaxe` });
        expect(response.status, JSON.stringify(control)).toBe(400);
        expect(((await response.json()) as { fields: object }).fields).toEqual({ [field]: 'must be one line of text' });
      }
      expect(
        await server.app.database.db.selectFrom('mail_outbox').where('reply_to', '=', 'reorder@example.com').execute(),
      ).toEqual([]);
    });
  }

  it('keeps a tab and any script in a one-line field as they are', async () => {
    expect((await apply({ ...COMPLETE, firstName: 'Zoë\tRenée', lastName: '李 小龍', company: 'Ωmega 🚀' })).status).toBe(201);
    // Right-to-left names, with the marks (not overrides) that place their punctuation.
    expect((await apply({ ...COMPLETE, firstName: 'דוד\u200f', lastName: 'عبد الله', company: 'שלום בע"מ' })).status).toBe(201);
  });

  it('names the refused field in `fields`, for the form to show under it', async () => {
    const response = await apply({ ...COMPLETE, email: 'josé@example.com' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Invalid request body: 'email' must be a valid email",
      fields: { email: 'must be a valid email' },
    });
  });

  it('keeps nothing when the mail cannot be queued: application, lead and mail commit together', async () => {
    const db = server.app.database.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('affiliate_applications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const leadsBefore = Number(
      (
        await db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const before = await count();
    // Break the outbox for one request: the mail insert fails inside the transaction.
    await db.schema.alterTable('mail_outbox').renameTo('mail_outbox_away').execute();
    try {
      const response = await apply({ ...COMPLETE, email: 'rollback@example.com' });
      expect(response.status).toBe(500);
      expect(((await response.json()) as { error: string }).error).not.toMatch(/mail_outbox/);
    } finally {
      await db.schema.alterTable('mail_outbox_away').renameTo('mail_outbox').execute();
    }
    expect(await count()).toBe(before);
    expect(
      Number(
        (
          await db
            .selectFrom('leads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(leadsBefore);
  });
});

// Applications sent together race for real on PostgreSQL's connection pool (PGlite has one connection).
const databases = [['PGlite', false], ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', true] as const] : [])] as const;
describe.each(databases)('applications sent together from one address, on %s', (_name, postgres) => {
  let racing: TestServer;
  beforeAll(async () => {
    racing = await startTestServer({ env: { AFFILIATES_RATE_LIMIT: '1000' }, postgres });
  });
  afterAll(() => racing.close());

  it('are one first and repeats: one lead, one mail to the team', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => apply({ ...COMPLETE, email: 'together@example.com' }, racing)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const db = racing.app.database.db;
    const applications = await db.selectFrom('affiliate_applications').select('lead_id').execute();
    expect(applications).toHaveLength(4);
    expect(await db.selectFrom('leads').select('id').execute()).toEqual([{ id: applications[0]?.lead_id }]);
    expect(await db.selectFrom('mail_outbox').select('id').where('kind', '=', 'affiliate-application').execute()).toHaveLength(1);
  });
});

describe('the affiliate application rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AFFILIATES_RATE_LIMIT: '3' } });
  });
  afterAll(() => limited.close());

  it('answers 429 with a clear message once an address has sent its allowance in 10 minutes', async () => {
    const statuses: number[] = [];
    // Applications refused for a bad field are not applications sent: they use up nothing.
    for (let i = 0; i < 2; i++) statuses.push((await apply({ ...COMPLETE, email: `typo${i} at example.com` }, limited)).status);
    for (let i = 0; i < 4; i++) statuses.push((await apply({ ...COMPLETE, email: `flood${i}@example.com` }, limited)).status);
    expect(statuses).toEqual([400, 400, 201, 201, 201, 429]);
    const refused = await apply(COMPLETE, limited);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe('Too many requests. Please wait a moment and try again.');
    expect(await limited.app.database.db.selectFrom('affiliate_applications').selectAll().execute()).toHaveLength(3);
  });
});

describe('the affiliate team receives the application by SMTP (the real server and a real SMTP peer)', () => {
  let peer: SmtpPeer;
  let mailing: TestServer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    mailing = await startTestServer({
      env: {
        SMTP_URL: peer.url,
        AFFILIATES_NOTIFY_TO: 'affiliates-team@example.com',
        MAIL_FROM: 'HireAssist <no-reply@hireassist.example>',
      },
    });
  });
  afterAll(async () => {
    await mailing.close();
    await peer.stop();
  });

  it("answers the applicant when the team replies: the mail's Reply-To is the applicant's address", async () => {
    expect((await apply(COMPLETE, mailing)).status).toBe(201);
    await expect.poll(() => peer.received.length, { timeout: 10_000 }).toBe(1);
    const [mail] = peer.received;
    expect(mail).toMatchObject({ from: 'no-reply@hireassist.example', to: ['affiliates-team@example.com'] });
    expect(mail?.raw).toContain('Reply to this mail to answer the applicant.');
    expect(mail?.raw).toMatch(/^Reply-To: grace@example\.com\r?$/m);
  });
});
