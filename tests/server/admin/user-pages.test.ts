import {
  AdminAddUserToGroupCommand,
  CreateGroupCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityUserRecord } from '../../../src-shared/domain/admin.ts';
import type { UsersPageReply } from '../../../src-shared/domain/admin-lists.ts';
import { ADMIN } from '../../../src-shared/domain/constants.ts';
import { lazyUserDirectory } from '../../../server/features/admin/user-directory.ts';
import { createIdentityAdminClient } from '../../../server/identity/index.ts';
import { failure, POOL_ID, startIdentityServer, type IdentityTestServer } from '../identity/support.ts';
import { seedUsers } from '../../support/identity-users.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from './admin-client.ts';

/**
 * GET /api/admin/users in pages through the real AWS SDK against the embedded pool: ListUsers
 * Limit/PaginationToken/Filter, and the total from DescribeUserPool.
 */
const COUNT = 130;
let t: IdentityTestServer;
let token: string;
beforeAll(async () => {
  t = await startIdentityServer({ ADMIN_PASSWORD });
  token = await adminToken(t.server);
  await seedUsers(t.server.app.database.db, COUNT, (index) => ({
    username: `user-${String(index).padStart(3, '0')}`,
    email: index === 5 ? 'Dana.Scully@FBI.example' : `person${index}@example.com`,
    given_name: index < 3 ? `Ada${index}` : `Name${index}`,
    family_name: index === 5 ? 'Scully' : 'Lovelace',
    status: index % 10 === 7 ? 'UNCONFIRMED' : 'CONFIRMED',
  }));
  for (const group of ['beta', 'staff']) await t.admin.send(new CreateGroupCommand({ UserPoolId: POOL_ID, GroupName: group }));
  const join = (username: string, group: string) =>
    t.admin.send(new AdminAddUserToGroupCommand({ UserPoolId: POOL_ID, Username: username, GroupName: group }));
  await join('user-001', 'staff');
  await join('user-001', 'beta');
  await join('user-002', 'beta');
}, 60_000);
afterAll(() => t.close());

async function page(query: string): Promise<{ status: number; body: UsersPageReply }> {
  const response = await t.server.fetch(`/api/admin/users${query}`, { headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as UsersPageReply };
}
const usernames = (users: IdentityUserRecord[] | undefined) => (users ?? []).map((user) => user.Username);

describe('DescribeUserPool (signed with the admin key)', () => {
  it('describes the pool as AWS does, with its estimated number of users', async () => {
    const { UserPool } = await t.admin.send(new DescribeUserPoolCommand({ UserPoolId: POOL_ID }));
    expect(UserPool).toMatchObject({
      Id: POOL_ID,
      Arn: `arn:aws:cognito-idp:us-east-1:000000000000:userpool/${POOL_ID}`,
      EstimatedNumberOfUsers: COUNT,
      MfaConfiguration: 'OFF',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 8, RequireUppercase: true, RequireSymbols: true } },
    });
    // The SDK turned the epoch seconds into dates, as it does with AWS's answer.
    expect(UserPool?.CreationDate).toBeInstanceOf(Date);
    expect(UserPool?.LastModifiedDate).toBeInstanceOf(Date);
    expect(UserPool?.SchemaAttributes?.map((attribute) => attribute.Name)).toEqual(
      expect.arrayContaining(['sub', 'email', 'email_verified', 'given_name', 'family_name']),
    );
    expect(UserPool?.SchemaAttributes?.find((attribute) => attribute.Name === 'sub')).toMatchObject({
      Required: true,
      Mutable: false,
      AttributeDataType: 'String',
    });
  });

  it('refuses another pool, and an unsigned call', async () => {
    expect(await failure(t.admin.send(new DescribeUserPoolCommand({ UserPoolId: 'us-east-1_other' })))).toMatchObject({
      name: 'ResourceNotFoundException',
    });
    expect((await failure(t.client.send(new DescribeUserPoolCommand({ UserPoolId: POOL_ID })))).status).toBeGreaterThanOrEqual(
      400,
    );
  });
});

describe('GET /api/admin/users in pages', () => {
  it("carries each user's groups by name on the page, read in one query: no identity call a user", async () => {
    const { status, body } = await page('?limit=50');
    expect(status).toBe(200);
    expect(body.users).toHaveLength(50);
    expect(body.userGroups).toHaveLength(50);
    const groups = new Map((body.users ?? []).map((user, index) => [user.Username, body.userGroups?.[index]]));
    expect(groups.get('user-001')).toEqual(['beta', 'staff']);
    expect(groups.get('user-002')).toEqual(['beta']);
    expect(groups.get('user-003')).toEqual([]);

    // The same page through the directory, its identity calls counted: ListUsers and the total only.
    const pool = await createIdentityAdminClient({
      identity: t.server.config.identity,
      db: t.server.app.database.db,
      server: t.server.app.server,
    });
    const calls: string[] = [];
    const send = pool.client.send.bind(pool.client);
    pool.client.send = ((command: { constructor: { name: string } }, ...rest: unknown[]) => {
      calls.push(command.constructor.name);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof pool.client.send;
    const directPage = await lazyUserDirectory(async () => pool).page({
      searchBy: 'email',
      limit: 50,
      withTotal: true,
      withGroups: true,
    });
    expect(directPage.items.filter((user) => (user.Groups ?? []).length > 0)).toHaveLength(2);
    expect(calls).toEqual(['ListUsersCommand', 'DescribeUserPoolCommand']);
  });

  it('walks every user once, 50 a page by default, with the pool total on the first page', async () => {
    const first = await page('');
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(50);
    expect(first.body).toMatchObject({ success: true, total: COUNT, totalIsEstimate: false, nextCursor: expect.any(String) });
    const seen = usernames(first.body.users);
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await page(`?cursor=${encodeURIComponent(cursor)}`);
      expect(next.status).toBe(200);
      seen.push(...usernames(next.body.users));
      cursor = next.body.nextCursor;
    }
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
  });

  it('fills a page larger than ListUsers allows (60) with several calls', async () => {
    const { body } = await page('?limit=200');
    expect(body.users).toHaveLength(COUNT);
    expect(body).toMatchObject({ nextCursor: null, total: COUNT });
  });

  it('searches by email prefix (ignoring case), by first or last name, and by status', async () => {
    expect(usernames((await page('?q=dana.scully@fbi')).body.users)).toEqual(['user-005']);
    expect((await page('?q=dana.scully@fbi')).body).toMatchObject({ total: 1, nextCursor: null });
    expect(usernames((await page('?q=ada&searchBy=given_name')).body.users)).toEqual(['user-000', 'user-001', 'user-002']);
    expect(usernames((await page('?q=scu&searchBy=family_name')).body.users)).toEqual(['user-005']);
    const unconfirmed = await page('?status=UNCONFIRMED');
    expect(usernames(unconfirmed.body.users)).toEqual([
      'user-007',
      'user-017',
      'user-027',
      'user-037',
      'user-047',
      'user-057',
      'user-067',
      'user-077',
      'user-087',
      'user-097',
      'user-107',
      'user-117',
      'user-127',
    ]);
    // A quote in the search stays inside the filter's value.
    expect((await page(`?q=${encodeURIComponent('a" or email ^= "')}`)).body).toMatchObject({ users: [], total: 0 });
  });

  it('searches by a username prefix, as the table and the confirm dialog show the username', async () => {
    const found = await page('?q=user-12&searchBy=username');
    expect(found.status).toBe(200);
    expect(usernames(found.body.users)).toEqual(Array.from({ length: 10 }, (_, index) => `user-12${index}`));
    expect(found.body).toMatchObject({ total: 10, nextCursor: null });
  });

  it.each([
    ['limit=0', "'limit'"],
    ['limit=201', "'limit'"],
    ['searchBy=phone_number&q=1', "'searchBy'"],
    ['status=ARCHIVED', "'status'"],
    ['q=ann&status=CONFIRMED', 'not both'],
    [`q=${'x'.repeat(201)}`, "'q'"],
    ['cursor=bogus', 'pagination token'],
  ])('?%s: 400 naming %s', async (query, named) => {
    const { status, body } = await page(`?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: expect.stringContaining(named) as unknown });
  });

  it("exports the search as a CSV streamed from the pool's tables", async () => {
    const response = await t.server.fetch('/api/admin/users/export?status=UNCONFIRMED', { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = Papa.parse<string[]>(await response.text()).data;
    expect(rows[0]).toEqual([...ADMIN.userCsvColumns]);
    expect(rows).toHaveLength(1 + 13);
    expect(rows[1]?.slice(0, 6)).toEqual(['user-007', 'person7@example.com', 'Name7', 'Lovelace', 'UNCONFIRMED', 'Yes']);
    const all = await t.server.fetch('/api/admin/users/export', { headers: bearer(token) });
    expect(Papa.parse<string[]>(await all.text()).data).toHaveLength(1 + COUNT);
    const both = await t.server.fetch('/api/admin/users/export?q=a&status=CONFIRMED', { headers: bearer(token) });
    expect(both.status).toBe(400);
  });
});
