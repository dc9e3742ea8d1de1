import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { listUsers } from '../../../server/identity/operations/list-users.ts';
import { createSealer } from '../../../server/identity/sealing.ts';
import type { IdentityService } from '../../../server/identity/service.ts';
import { planOf, planTargets, recording, seededDatabase } from '../../support/query-plans.ts';

/**
 * ListUsers' filters at scale: the query the operation sends, explained with sequential scans
 * priced out, must find the users on an index, not by reading every user in username order.
 * `sub = "…"` is how Cognito's clients find the user their tokens name: comparing `sub::text`
 * read every user (a million users on PostgreSQL 15, medians of 5: 483 ms for one user, 0.08 ms
 * on the key); `phone_number ^=` 376 ms and `status = "Disabled"` 210 ms before migration 34.
 */
const USERS = 20_000;
const POOL_ID = 'us-east-1_plans';

describe.each(planTargets('listusers'))('ListUsers filters on $name', (target) => {
  let wanted: { sub: string; username: string };

  const database = seededDatabase(target, async (db) => {
    await sql`insert into identity_users (username, email, phone_number, enabled, status, created_at, updated_at)
      select 'user' || lpad(n::text, 6, '0'), 'person' || n || '@example.com', '+1555' || lpad(n::text, 7, '0'),
        n % 1000 <> 0, 'CONFIRMED', now(), now()
      from generate_series(1, ${USERS}::int) as n`.execute(db);
    await sql`analyze identity_users`.execute(db);
    wanted = await db
      .selectFrom('identity_users')
      .select(['sub', 'username'])
      .where('username', '=', 'user000005')
      .executeTakeFirstOrThrow();
  });

  /** The operation's answer to `filter`, with the plans of the queries it sent. */
  async function listBy(filter: string) {
    const { db, sent } = recording(database.db);
    // What ListUsers reads of the service: the pool, its attributes, its database and page tokens.
    const service = {
      config: { userPoolId: POOL_ID, customAttributes: [] },
      db,
      pageTokens: createSealer(randomBytes(32), 'page token'),
    } as unknown as IdentityService;
    const answer = await listUsers.run({ UserPoolId: POOL_ID, Filter: filter }, { service, ip: '127.0.0.1', userAgent: null });
    const plans: string[] = [];
    for (const query of sent) plans.push(await planOf(database.db, query));
    return { usernames: (answer.Users ?? []).map((user) => user.Username), plans, sql: sent.map((query) => query.sql) };
  }

  test('sub = "…" (any case) finds the one user on the primary key', async () => {
    const { usernames, plans } = await listBy(`sub = "${wanted.sub.toUpperCase()}"`);
    expect(usernames).toEqual([wanted.username]);
    expect(plans).toHaveLength(1);
    expect(plans[0]).not.toMatch(/Seq Scan/);
    expect(plans[0]).toMatch(/Index Cond: \(sub = /);
  });

  test('sub ^= "…" finds the users whose sub starts so, on the primary key', async () => {
    const prefix = wanted.sub.slice(0, 11);
    const { usernames, plans } = await listBy(`sub ^= "${prefix}"`);
    expect(usernames).toContain(wanted.username);
    const expected = await database.db
      .selectFrom('identity_users')
      .select('username')
      .where(sql<string>`sub::text`, 'like', `${prefix}%`)
      .orderBy('username')
      .execute();
    expect(usernames).toEqual(expected.map((row) => row.username));
    expect(plans[0]).not.toMatch(/Seq Scan/);
    expect(plans[0]).toMatch(/Index Cond: \(\(sub >= /);
  });

  test('a sub that no uuid has finds nobody, without reading the users', async () => {
    for (const filter of ['sub = "not-a-uuid"', 'sub ^= "zz"', `sub ^= "${wanted.sub.slice(0, 8)}x"`]) {
      const { usernames, plans } = await listBy(filter);
      expect(usernames, filter).toEqual([]);
      expect(plans[0], filter).not.toMatch(/Filter: \(\(sub\)::text/);
    }
  });

  test('phone_number ^= "…" reads the numbers starting so, not every user', async () => {
    const { usernames, plans } = await listBy('phone_number ^= "+1555000012"');
    expect(usernames).toEqual(Array.from({ length: 10 }, (_, index) => `user00012${index}`));
    expect(plans[0]).not.toMatch(/Seq Scan/);
    expect(plans[0]).toMatch(/Index Cond: \(\(lower\(phone_number\) ~>=~ /);
  });

  test('status = "Disabled" reads the disabled users, not every user', async () => {
    const { usernames, plans } = await listBy('status = "Disabled"');
    expect(usernames).toEqual(
      Array.from({ length: USERS / 1000 }, (_, index) => `user${String((index + 1) * 1000).padStart(6, '0')}`),
    );
    expect(plans[0]).not.toMatch(/Seq Scan/);
    expect(plans[0]).not.toMatch(/Filter: \(NOT enabled\)/);
  });

  test('a page reads what it answers, never a password hash, an SRP verifier or lockout state', async () => {
    const { usernames, sql: sent } = await listBy('email ^= "person1"');
    expect(usernames.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/select \*|"identity_users"\.\*/);
    expect(sent[0]).not.toMatch(/password_hash|srp_|locked_until|failed_sign_ins/);
  });
});
