import type { AddressInfo } from 'node:net';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { sql, type Kysely } from 'kysely';
import type { RowReader } from '../db/database.ts';
import { EXACT_TOTAL_LIMIT } from '../db/row-count.ts';
import type { Schema } from '../db/schema.ts';
import type { ManagedUser } from '../../src-shared/domain/managed-user.ts';
import { AWS_ADMIN_KEYS_NEEDED, type IdentityConfig } from './config.ts';
import { parseUserFilter } from './filter.ts';
import { usersAfter } from './operations/list-users.ts';
import { loadAdminKeyPair } from './secrets.ts';

export interface IdentityAdminClient {
  client: CognitoIdentityProviderClient;
  /** The pool to name in `UserPoolId`. */
  userPoolId: string;
  /**
   * Up to how many users DescribeUserPool's EstimatedNumberOfUsers is a count: the embedded pool
   * counts exactly up to EXACT_TOTAL_LIMIT (the planner's estimate above), AWS Cognito only estimates.
   */
  exactUserCountUpTo: number;
  /** The embedded pool's memberships of these users, in one query (AWS Cognito has no such read). */
  groupsOf?: (usernames: string[]) => Promise<Map<string, string[]>>;
  /**
   * Every user a ListUsers Filter finds, in ListUsers' order, as the admin screens show one: read
   * from the embedded pool's tables in large pages (AWS Cognito has only ListUsers' pages of 60).
   */
  everyUser?: (filter: string | undefined) => AsyncIterable<ManagedUser[]>;
}

/**
 * A Cognito client for the server's own admin calls (ListUsers, AdminDisableUser, …).
 *
 * Embedded pool: it talks to this server's /cognito over loopback, signed with the stored
 * admin key pair. AWS pool: it talks to AWS with AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY
 * from the configuration. Credentials are always passed explicitly, so the SDK's default
 * credential chain (which probes the instance metadata address) never runs.
 *
 * Call it once the server listens (`server` is `app.server`): the embedded endpoint is
 * read from its address.
 */
export async function createIdentityAdminClient(options: {
  identity: IdentityConfig;
  db: Kysely<Schema>;
  /** PostgreSQL's reader for many rows in a row, for the export (database.ts says why). */
  readRows?: RowReader | undefined;
  server: { address(): AddressInfo | string | null };
}): Promise<IdentityAdminClient> {
  const { identity } = options;
  // Imported on first use, not at start: a server whose operator never manages users does not
  // load the SDK (with ioredis and supabase-js, 5 MB of the idle V8 heap; bench/startup/idle-memory.ts).
  const { CognitoIdentityProviderClient } = await import('@aws-sdk/client-cognito-identity-provider');
  if (identity.mode === 'aws') {
    if (identity.adminCredentials === undefined) {
      throw new Error(AWS_ADMIN_KEYS_NEEDED);
    }
    return {
      client: new CognitoIdentityProviderClient({ region: identity.region, credentials: identity.adminCredentials }),
      userPoolId: identity.userPoolId,
      exactUserCountUpTo: 0,
    };
  }
  const address = options.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server is not listening on a TCP port yet');
  const host =
    address.family === 'IPv6'
      ? `[${address.address === '::' ? '::1' : address.address}]`
      : address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address;
  return {
    client: new CognitoIdentityProviderClient({
      region: identity.region,
      endpoint: `http://${host}:${address.port}/cognito`,
      // One attempt: the pool is this very server, so trying again asks the same database
      // that just failed, and made the operator wait three statement limits for the same
      // answer (signed calls meet no rate limit to back off from).
      maxAttempts: 1,
      credentials: await loadAdminKeyPair(options.db, identity.adminCredentials),
    }),
    userPoolId: identity.userPoolId,
    exactUserCountUpTo: EXACT_TOTAL_LIMIT,
    groupsOf: (usernames) => groupsOfUsers(options.db, usernames),
    everyUser: (filter) => everyUser(options.db, filter, options.readRows),
  };
}

/**
 * Each user's groups by name, for a page of the users list: one query however long the page
 * (a read, as AdminListGroupsForUser's, with no signed call a user).
 */
async function groupsOfUsers(db: Kysely<Schema>, usernames: string[]): Promise<Map<string, string[]>> {
  const groups = new Map<string, string[]>(usernames.map((username) => [username, []]));
  if (usernames.length === 0) return groups;
  const rows = await db
    .selectFrom('identity_users as u')
    .innerJoin('identity_user_groups as ug', 'ug.user_sub', 'u.sub')
    .select(['u.username', 'ug.group_name'])
    .where('u.username', 'in', usernames)
    .orderBy('ug.group_name')
    .execute();
  for (const row of rows) groups.get(row.username)?.push(row.group_name);
  return groups;
}

/** How many users a page of the embedded pool's export reads. */
const EXPORT_PAGE = 2_000;

/**
 * ListUsers' own query, walked 2,000 users a page in this process, the next page read while this
 * one is written, each user in the columns the export writes, dates formatted by the database: a
 * million users in about 7 s, against 65 s for ListUsers' pages of 60 over loopback
 * (bench/admin/export.ts).
 */
async function* everyUser(db: Kysely<Schema>, filter: string | undefined, readRows?: RowReader): AsyncGenerator<ManagedUser[]> {
  const parsed = parseUserFilter(filter ?? '');
  const read = (after: string | undefined) => {
    const page = usersAfter(db, { filter: parsed, after, limit: EXPORT_PAGE }).select(MANAGED_USER_COLUMNS);
    const users = readRows ? readRows<ManagedUser>(page.compile()) : page.execute();
    // Awaited below; if the export stops first (the client went away), its failure goes nowhere.
    users.catch(() => undefined);
    return users;
  };
  for (let next = read(undefined); ;) {
    const users = await next;
    const last = users.at(-1);
    if (last === undefined) return;
    if (users.length === EXPORT_PAGE) next = read(last.username);
    yield users;
    if (users.length < EXPORT_PAGE) return;
  }
}

/**
 * A date as ListUsers carries it (whole seconds) and the SDK writes it (toISOString), formatted by
 * the database, so a row of the export makes no Date. The pool writes its dates from the clock,
 * within the years toISOString writes with four digits.
 */
const isoSeconds = (column: 'created_at' | 'updated_at') =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`;

/** A user's row as the admin screens' user (toManagedUser of what ListUsers answers): an empty string for no value. */
const MANAGED_USER_COLUMNS = [
  'username as id',
  'username',
  'email',
  sql<string>`coalesce(given_name, '')`.as('firstName'),
  sql<string>`coalesce(family_name, '')`.as('lastName'),
  'status',
  isoSeconds('created_at').as('createdDate'),
  isoSeconds('updated_at').as('lastModifiedDate'),
  'enabled',
] as const;
