import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { readLeadDetail } from '../../../server/features/admin/lead-detail.ts';
import { planOf, planTargets, recording, seededDatabase } from '../../support/query-plans.ts';

/**
 * The lead drawer at scale: every lead has its contact messages, affiliate application or
 * account sign-up in a table of its own, found by `lead_id`. The queries readLeadDetail really
 * sends, explained with sequential scans priced out, must look the lead up in an index: a plan
 * that reads the table reads a million rows each time the operator opens a lead (PostgreSQL 15,
 * a million of each: 66, 76 and 66 ms a table, medians of 5, against 0.05 ms with the indexes).
 */
const LEADS = 20_000;

describe.each(planTargets('leaddetail'))('the lead detail on $name finds its rows by index', (target) => {
  const database = seededDatabase(target, async (db) => {
    await sql`insert into leads (name, email, source)
      select 'Lead ' || n, 'lead' || n || '@example.com', 'contact' from generate_series(1, ${LEADS}::int) as n`.execute(db);
    const mail = await db
      .insertInto('mail_outbox')
      .values({ to_address: 'team@example.com', subject: 'New message', text_body: 'x', kind: 'contact', template_params: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into contact_messages (name, email, subject, message, lead_id, mail_id)
      select name, email, 'Subject ' || id, 'Message of lead ' || id, id, ${mail.id}::int from leads`.execute(db);
    await sql`insert into affiliate_applications (first_name, last_name, email, lead_id)
      select 'First', 'Last ' || id, email, id from leads`.execute(db);
    await sql`insert into account_signups (user_sub, lead_id) select 'sub-' || id, id from leads`.execute(db);
    await sql`analyze`.execute(db);
  });

  test('an old lead: its message, application and sign-up, each looked up on lead_id', async () => {
    const lead = await database.db
      .selectFrom('leads')
      .select('id')
      .where('email', '=', 'lead5@example.com')
      .executeTakeFirstOrThrow();
    const { db, sent } = recording(database.db);

    const detail = await readLeadDetail(db, lead.id);

    expect(detail?.messages.map((message) => message.message)).toEqual([`Message of lead ${lead.id}`]);
    expect(detail?.affiliateApplication?.lastName).toBe(`Last ${lead.id}`);
    expect(detail?.signup).not.toBeNull();
    const plans: string[] = [];
    for (const query of sent) plans.push(await planOf(database.db, query));
    for (const table of ['contact_messages', 'affiliate_applications', 'account_signups']) {
      const plan = plans.find((text) => text.includes(` on ${table}`));
      expect(plan, table).toBeDefined();
      expect(plan, table).not.toMatch(/Seq Scan/);
      expect(plan, table).toMatch(/Index Cond: \(lead_id = /);
    }
  });
});
