import type { AddressInfo } from 'node:net';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Kysely } from 'kysely';
import { EXACT_TOTAL_LIMIT } from '../db/row-count.ts';
import type { Schema } from '../db/schema.ts';
import { AWS_ADMIN_KEYS_NEEDED, type IdentityConfig } from './config.ts';
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
