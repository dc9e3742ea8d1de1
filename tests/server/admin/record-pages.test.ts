import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AffiliateApplicationsPageReply, OutboxPageReply } from '../../../src-shared/domain/admin-lists.ts';
import type { TestServer } from '../../support/test-server.ts';
import { bearer, serveAsOperator, TEST_DATABASES } from './admin-client.ts';

/**
 * The operator's two record lists that anyone's actions fill (affiliate applications come from
 * a public form, the outbox from every mail) as pages of the database: newest first, searched
 * and counted there, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe.each(TEST_DATABASES)('the affiliate applications and outbox pages on $name', ({ postgres }) => {
  let server: TestServer;
  let token: string;
  serveAsOperator((started, operatorToken) => {
    server = started;
    token = operatorToken;
  }, postgres);
  const db = () => server.app.database.db;

  beforeEach(async () => {
    await sql`truncate affiliate_applications, mail_outbox restart identity cascade`.execute(db());
  });

  async function get<T>(path: string): Promise<{ status: number; body: T }> {
    const response = await server.fetch(path, { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Every page of `path`, following nextCursor. */
  async function walk<T>(path: string, rows: (body: T) => unknown[] | undefined): Promise<unknown[]> {
    const found: unknown[] = [];
    let cursor: string | null | undefined;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const { status, body } = await get<T & { nextCursor?: string | null }>(
        `${path}${cursor ? `${separator}cursor=${cursor}` : ''}`,
      );
      expect(status).toBe(200);
      found.push(...(rows(body) ?? []));
      cursor = body.nextCursor;
    } while (cursor);
    return found;
  }

  /** `count` applications by SQL, each with its lead, numbered 1 (oldest) to count. */
  async function applications(count: number) {
    await sql`with made as (
        insert into leads (name, email, source)
        select 'Applicant ' || g, 'applicant' || g || '@example.com', 'affiliate' from generate_series(1, ${count}::integer) g
        returning id, email)
      insert into affiliate_applications (first_name, last_name, email, company, audience, lead_id)
      select 'Applicant', split_part(email, '@', 1), email, 'Company ' || id, repeat('a', 2000), id from made order by id`.execute(
      db(),
    );
  }

  it('answers the newest applications a page at a time, with a total, and walks all 5,000 once', async () => {
    await applications(5000);
    const { status, body } = await get<AffiliateApplicationsPageReply>('/api/admin/affiliate-applications');
    expect(status).toBe(200);
    expect(body.applications).toHaveLength(50);
    expect(body.applications?.[0]).toMatchObject({ firstName: 'Applicant', lastName: 'applicant5000' });
    expect(body).toMatchObject({ success: true, total: 5000, totalIsEstimate: false, nextCursor: expect.any(String) });
    const all = await walk<AffiliateApplicationsPageReply>(
      '/api/admin/affiliate-applications?limit=200',
      (reply) => reply.applications,
    );
    expect(all).toHaveLength(5000);
    expect(new Set(all.map((row) => (row as { id: number }).id)).size).toBe(5000);
  });

  it('searches applications by name, email or company, any case, with % and _ taken literally', async () => {
    const rows = [
      { first_name: 'Noor', last_name: 'Haddad', email: 'noor@talentbridge.example', company: 'TalentBridge' },
      { first_name: 'Sam', last_name: 'Okafor', email: 'sam@example.com', company: '' },
      { first_name: 'Percy', last_name: 'Cent', email: 'percy@example.com', company: '100% Hiring' },
      { first_name: 'Una', last_name: 'Score', email: 'una_score@example.com', company: 'Under' },
    ];
    for (const row of rows) {
      const lead = await db()
        .insertInto('leads')
        .values({ name: `${row.first_name} ${row.last_name}`, email: row.email, source: 'affiliate' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('affiliate_applications')
        .values({ ...row, website: '', experience: '', audience: 'secret audience', motivation: '', lead_id: lead.id })
        .execute();
    }
    const names = async (q: string) => {
      const { body } = await get<AffiliateApplicationsPageReply>(`/api/admin/affiliate-applications?q=${encodeURIComponent(q)}`);
      return { names: body.applications?.map((app) => app.firstName), total: body.total };
    };
    expect(await names('NOOR HADDAD')).toEqual({ names: ['Noor'], total: 1 });
    expect(await names('okafor')).toEqual({ names: ['Sam'], total: 1 });
    expect(await names('TALENTBRIDGE.example')).toEqual({ names: ['Noor'], total: 1 });
    expect(await names('0% h')).toEqual({ names: ['Percy'], total: 1 });
    expect(await names('a_s')).toEqual({ names: ['Una'], total: 1 });
    expect(await names('@EXAMPLE.com')).toEqual({ names: ['Una', 'Percy', 'Sam'], total: 3 });
    // Only name, email and company are searched.
    expect(await names('secret audience')).toEqual({ names: [], total: 0 });
  });

  it('answers the newest mails a page at a time and searches recipient, subject, kind and status', async () => {
    await sql`insert into mail_outbox (to_address, subject, text_body, kind, status)
      select 'person' || g || '@example.com', 'Message ' || g, 'private text ' || g,
             case when g % 10 = 0 then 'signup-code' else 'contact-notification' end,
             case when g % 100 = 0 then 'failed' else 'sent' end
      from generate_series(1, 3000) g`.execute(db());
    const { body } = await get<OutboxPageReply>('/api/admin/outbox');
    expect(body.mails).toHaveLength(50);
    expect(body.mails?.[0]).toMatchObject({ to: 'person3000@example.com', subject: 'Message 3000', status: 'failed' });
    expect(JSON.stringify(body)).not.toContain('private text');
    expect(body).toMatchObject({ success: true, total: 3000, deliveryConfigured: false, nextCursor: expect.any(String) });
    expect(await walk<OutboxPageReply>('/api/admin/outbox?limit=200', (reply) => reply.mails)).toHaveLength(3000);

    const search = async (q: string) => (await get<OutboxPageReply>(`/api/admin/outbox?q=${encodeURIComponent(q)}`)).body;
    expect((await search('PERSON2999@')).mails?.map((mail) => mail.to)).toEqual(['person2999@example.com']);
    expect((await search('message 1234')).total).toBe(1);
    expect((await search('SIGNUP-code')).total).toBe(300);
    expect((await search('failed')).total).toBe(30);
    expect((await search('private text')).total).toBe(0);
  });

  it('refuses a page size above 200 and a cursor it did not give, naming them', async () => {
    for (const path of ['/api/admin/affiliate-applications', '/api/admin/outbox']) {
      const big = await get<{ success?: boolean; error: string }>(`${path}?limit=1000`);
      expect(big.status, path).toBe(400);
      expect(big.body).toMatchObject({ success: false, error: expect.stringContaining("'limit'") as unknown });
      const foreign = await get<{ success?: boolean; error: string }>(`${path}?cursor=not-a-cursor`);
      expect(foreign.status, path).toBe(400);
      expect(foreign.body).toMatchObject({ success: false, error: expect.stringContaining("'cursor'") as unknown });
    }
  });

  it('refuses a tampered cursor naming an id no row can have, naming the cursor, not a server error', async () => {
    const beyondId = Buffer.from(JSON.stringify({ i: 2 ** 40 })).toString('base64url');
    for (const path of ['/api/admin/affiliate-applications', '/api/admin/outbox']) {
      const tampered = await get<{ success?: boolean; error: string }>(`${path}?cursor=${beyondId}`);
      expect(tampered.status, path).toBe(400);
      expect(tampered.body).toMatchObject({ success: false, error: expect.stringContaining("'cursor'") as unknown });
    }
  });
});
