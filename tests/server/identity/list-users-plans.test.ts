import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { listUsers } from '../../../server/identity/operations/list-users.ts';
import { createSealer } from '../../../server/identity/sealing.ts';
import type { IdentityService } from '../../../server/identity/service.ts';
import { planOf, planTargets, recording } from '../../support/query-plans.ts';

/**
 * ListUsers' `sub` filter at scale, the way Cognito's clients find a user by the id their
 * tokens carry (`sub = "…"`). The query the operation sends, explained with sequential scans
 * priced out, must find the user on the primary key: comparing `sub::text` reads every user in
 * username order (a million users on PostgreSQL 15, medians of 5: 483 ms for one user, 0.08 ms on the key).
 */
const USERS = 20_000;
const POOL_ID = 'us-east-1_plans';

describe.each(planTargets('listusers'))('ListUsers by sub on $name', ({ open }) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let wanted: { sub: string; username: string };

  beforeAll(async () => {
    ({ database, dispose } = await open());
    await sql`insert into identity_users (username, email, status, created_at, updated_at)
      select 'user' || lpad(n::text, 6, '0'), 'person' || n || '@example.com', 'CONFIRMED', now(), now()
      from generate_series(1, ${USERS}::int) as n`.execute(database.db);
    await sql`analyze identity_users`.execute(database.db);
    wanted = await database.db
      .selectFrom('identity_users')
      .select(['sub', 'username'])
      .where('username', '=', 'user000005')
      .executeTakeFirstOrThrow();
  }, 120_000);

  afterAll(async () => {
    await dispose?.();
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
    return { usernames: (answer.Users ?? []).map((user) => user.Username), plans };
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
});
