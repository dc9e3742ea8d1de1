import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../src-shared/domain/managed-user.ts';
import { lazyUserDirectory, type UserDirectory, type UsersFilter } from '../../../server/features/admin/user-directory.ts';
import { createIdentityAdminClient } from '../../../server/identity/index.ts';
import { startIdentityServer, type IdentityTestServer } from '../identity/support.ts';
import { seedUsers } from '../../support/identity-users.ts';
import { TEST_DATABASES } from './admin-client.ts';

/**
 * The embedded pool's users export reads its tables 2,000 users a page, in this process;
 * an export from AWS Cognito walks ListUsers' pages of 60 through the SDK. Both must write the
 * same users: compared here on one embedded pool, walked both ways, through every kind of search
 * the users screen offers and across the export's page boundaries, on PGlite and on PostgreSQL
 * (where the export reads through pg's pool.query, as the leads export does).
 */
const COUNT = 2_345;

async function exported(directory: UserDirectory, filter: UsersFilter) {
  const batches: ManagedUser[][] = [];
  for await (const batch of directory.all(filter)) batches.push(batch);
  return { users: batches.flat(), sizes: batches.map((batch) => batch.length) };
}

describe.each(TEST_DATABASES)("the embedded pool's users export on $name", ({ postgres }) => {
  let t: IdentityTestServer;
  let tables: UserDirectory;
  let listUsers: UserDirectory;

  beforeAll(async () => {
    t = await startIdentityServer({}, { postgres });
    await seedUsers(
      t.server.app.database.db,
      COUNT,
      (index) => ({
        // Usernames out of insertion order, and some sharing a prefix, so the order is the pool's own.
        username: `${(index * 7919) % COUNT}-user`.padStart(9, '0'),
        email: index % 3 === 0 ? `Ann.${index}@Example.com` : `person${index}@example.com`,
        given_name: index % 4 === 0 ? `Ada${index}` : null,
        family_name: 'Lovelace',
        status: index % 10 === 7 ? 'UNCONFIRMED' : 'CONFIRMED',
        enabled: index % 13 !== 0,
      }),
      // Milliseconds too: the wire carries whole seconds, and so must the export.
      437,
    );
    const pool = await createIdentityAdminClient({
      identity: t.server.config.identity,
      db: t.server.app.database.db,
      readRows: t.server.app.database.readRows,
      server: t.server.app.server,
    });
    expect(pool.everyUser).toBeDefined();
    expect(t.server.app.database.readRows !== undefined).toBe(postgres);
    tables = lazyUserDirectory(async () => pool);
    listUsers = lazyUserDirectory(async () => ({ ...pool, everyUser: undefined }));
  }, 60_000);
  afterAll(() => t.close());

  it("writes every user as ListUsers' pages list them, read 2,000 a page", async () => {
    const fromTables = await exported(tables, { searchBy: 'email' });
    const fromListUsers = await exported(listUsers, { searchBy: 'email' });
    expect(fromTables.users).toHaveLength(COUNT);
    expect(fromTables.sizes).toEqual([2000, 345]);
    expect(fromTables.users).toEqual(fromListUsers.users);
    expect(fromTables.users.every((user) => user.createdDate.endsWith('.000Z'))).toBe(true);
    expect(fromTables.users.filter((user) => user.firstName === '')).toHaveLength(COUNT - Math.ceil(COUNT / 4));
  });

  it('finds what each search of the users screen finds, in the same order', async () => {
    const searches: UsersFilter[] = [
      { searchBy: 'email', q: 'ann.' },
      { searchBy: 'email', status: 'UNCONFIRMED' },
      { searchBy: 'given_name', q: 'ada1' },
      { searchBy: 'family_name', q: 'LOVE' },
      { searchBy: 'username', q: '0001' },
      { searchBy: 'email', q: 'nobody@' },
    ];
    for (const filter of searches) {
      const fromTables = await exported(tables, filter);
      expect(fromTables.users, JSON.stringify(filter)).toEqual((await exported(listUsers, filter)).users);
    }
    expect((await exported(tables, { searchBy: 'email', status: 'UNCONFIRMED' })).users).toHaveLength(234);
    expect((await exported(tables, { searchBy: 'email', q: 'nobody@' })).sizes).toEqual([]);
  });
});
