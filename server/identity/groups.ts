import type { GroupType } from '@aws-sdk/client-cognito-identity-provider';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { IdentityGroupsTable, Schema } from '../db/schema.ts';
import { epochSeconds, type Wire } from './wire.ts';

export type GroupRow = Selectable<IdentityGroupsTable>;

/**
 * Changes memberships and rewrites the `groups` column of every user it touches, in one
 * transaction. The users are locked first, so two changes for one user run one after the
 * other and the second one's rewrite sees the first one's membership.
 *
 * The column is the `cognito:groups` claim: lowest precedence first (the group whose role
 * Cognito prefers), groups without one last, then by name.
 */
export async function changeMemberships(
  db: Kysely<Schema>,
  userSubs: (trx: Kysely<Schema>) => Promise<string[]>,
  change: (trx: Kysely<Schema>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const subs = await userSubs(trx);
    if (subs.length > 0) {
      await trx.selectFrom('identity_users').select('sub').where('sub', 'in', subs).orderBy('sub').forUpdate().execute();
    }
    await change(trx);
    if (subs.length === 0) return;
    await trx
      .updateTable('identity_users')
      .set({
        groups: sql<string>`coalesce((
          select json_agg(g.name order by g.precedence asc nulls last, g.name)
          from identity_user_groups ug join identity_groups g on g.name = ug.group_name
          where ug.user_sub = identity_users.sub
        ), '[]')::jsonb`,
      })
      .where('sub', 'in', subs)
      .execute();
  });
}

/** The members of a group (for a change to the group itself: deletion, precedence). */
export async function memberSubs(trx: Kysely<Schema>, groupName: string): Promise<string[]> {
  const rows = await trx.selectFrom('identity_user_groups').select('user_sub').where('group_name', '=', groupName).execute();
  return rows.map((row) => row.user_sub);
}

/** A group as CreateGroup, GetGroup and the listings describe it. */
export function describeGroup(group: GroupRow, userPoolId: string): Wire<GroupType> {
  return {
    GroupName: group.name,
    UserPoolId: userPoolId,
    ...(group.description !== null ? { Description: group.description } : {}),
    ...(group.role_arn !== null ? { RoleArn: group.role_arn } : {}),
    ...(group.precedence !== null ? { Precedence: group.precedence } : {}),
    LastModifiedDate: epochSeconds(group.updated_at),
    CreationDate: epochSeconds(group.created_at),
  };
}
