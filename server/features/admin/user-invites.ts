import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import type { GroupType } from '@aws-sdk/client-cognito-identity-provider';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdentityUserRecord } from '../../../src-shared/domain/admin.ts';
import {
  addUserToGroup,
  inviteUser,
  listGroups,
  listUserGroups,
  removeUserFromGroup,
} from '../../../src-shared/domain/endpoints/admin.ts';
import type { InviteUserRequest } from '../../../src-shared/domain/user-invites.ts';
import type { Schema } from '../../db/schema.ts';
import { routeOf } from '../../http/contract-route.ts';
import { recordAudit } from '../audit/record.ts';
import { toRecord, type UserPool } from './user-directory.ts';
import type { AuditEventType } from '../../../src-shared/domain/audit.ts';

/** Cognito's largest page of groups. */
const GROUPS_PAGE = 60;

/** The operator's invitations and group changes, through the pool's admin API. */
export interface UserInvites {
  invite(request: InviteUserRequest): Promise<IdentityUserRecord>;
  /** Every group's name. */
  groups(): Promise<string[]>;
  userGroups(username: string): Promise<string[]>;
  /** Adds the user to the group, creating the group when it does not exist yet. */
  addToGroup(username: string, group: string): Promise<void>;
  removeFromGroup(username: string, group: string): Promise<void>;
}

/** Invitations and groups over a pool client made on first use (and made again if that failed). */
export function createUserInvites(makePool: () => Promise<UserPool>): UserInvites {
  let made: Promise<UserPool & { sdk: typeof CognitoSdk }> | undefined;
  const pool = () => {
    // The SDK's commands are imported with the pool's client, on first use: not at start.
    made ??= Promise.all([makePool(), import('@aws-sdk/client-cognito-identity-provider')]).then(
      ([userPool, sdk]) => ({ ...userPool, sdk }),
      (error: unknown) => {
        made = undefined;
        throw error;
      },
    );
    return made;
  };
  const allPages = async (page: (token: string | undefined) => Promise<{ Groups?: GroupType[]; NextToken?: string }>) => {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const answer = await page(token);
      names.push(...(answer.Groups ?? []).map((group) => group.GroupName ?? ''));
      token = answer.NextToken;
    } while (token);
    return names;
  };
  return {
    async invite({ email, givenName, familyName }) {
      const { client, userPoolId, sdk } = await pool();
      const { User: user } = await client.send(
        new sdk.AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: email,
          DesiredDeliveryMediums: ['EMAIL'],
          UserAttributes: [
            { Name: 'email', Value: email },
            // The invitation reaches the customer at this address: it is theirs.
            { Name: 'email_verified', Value: 'true' },
            ...(givenName ? [{ Name: 'given_name', Value: givenName }] : []),
            ...(familyName ? [{ Name: 'family_name', Value: familyName }] : []),
          ],
        }),
      );
      return toRecord(user ?? {});
    },
    async groups() {
      const { client, userPoolId, sdk } = await pool();
      return allPages((NextToken) =>
        client.send(new sdk.ListGroupsCommand({ UserPoolId: userPoolId, Limit: GROUPS_PAGE, NextToken })),
      );
    },
    async userGroups(username) {
      const { client, userPoolId, sdk } = await pool();
      return allPages((NextToken) =>
        client.send(
          new sdk.AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username, Limit: GROUPS_PAGE, NextToken }),
        ),
      );
    },
    async addToGroup(username, group) {
      const { client, userPoolId, sdk } = await pool();
      const add = () =>
        client.send(new sdk.AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
      try {
        await add();
      } catch (error) {
        if ((error as Error | null)?.name !== 'ResourceNotFoundException') throw error;
        await client.send(new sdk.CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group })).catch((created: unknown) => {
          // Another request made it first: just as good.
          if ((created as Error | null)?.name !== 'GroupExistsException') throw created;
        });
        await add();
      }
    },
    async removeFromGroup(username, group) {
      const { client, userPoolId, sdk } = await pool();
      await client.send(
        new sdk.AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }),
      );
    },
  };
}

type SendFailure = (reply: FastifyReply, log: FastifyBaseLogger, error: unknown, fallback: string) => FastifyReply;

/**
 * `POST /api/admin/users/invite`, the groups list and a user's groups (read, add, remove),
 * inside the admin scope (the caller's hook has checked the admin token). Each change is audited.
 */
export function registerUserInviteRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Schema>; invites: UserInvites | undefined; unavailable: string; sendFailure: SendFailure },
): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { access: 'admin' } as const;
  const { db } = deps;

  /** Runs one pool call: 503 without a pool, the pool's own message for what the operator can fix. */
  async function attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    audit: { eventType: AuditEventType; subject: string; details?: Record<string, string> } | undefined,
    fallback: string,
    run: (invites: UserInvites) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; reply: FastifyReply }> {
    if (!deps.invites) return { ok: false, reply: reply.status(503).send({ success: false, error: deps.unavailable }) };
    try {
      const value = await run(deps.invites);
      if (audit)
        await recordAudit(db, request, { ...audit, actor: 'admin', details: { ...audit.details, outcome: 'succeeded' } });
      return { ok: true, value };
    } catch (error) {
      if (audit) {
        const failure = error instanceof Error ? error.name : 'unknown';
        await recordAudit(db, request, {
          ...audit,
          actor: 'admin',
          details: { ...audit.details, outcome: 'failed', error: failure },
        });
      }
      return { ok: false, reply: deps.sendFailure(reply, request.log, error, fallback) };
    }
  }

  routes.route({
    ...routeOf(inviteUser),
    config,
    handler: async (request, reply) => {
      const subject = request.body.email;
      const outcome = await attempt(
        request,
        reply,
        { eventType: 'admin.user.invite' as const, subject },
        'Failed to invite user',
        (invites) => invites.invite(request.body),
      );
      return outcome.ok ? { success: true, user: outcome.value } : outcome.reply;
    },
  });

  routes.route({
    ...routeOf(listGroups),
    config,
    handler: async (request, reply) => {
      const outcome = await attempt(request, reply, undefined, 'Failed to fetch groups', (invites) => invites.groups());
      return outcome.ok ? { success: true, groups: outcome.value } : outcome.reply;
    },
  });

  routes.route({
    ...routeOf(listUserGroups),
    config,
    handler: async (request, reply) => {
      const { username } = request.params;
      const outcome = await attempt(request, reply, undefined, 'Failed to fetch groups', (invites) =>
        invites.userGroups(username),
      );
      return outcome.ok ? { success: true, groups: outcome.value } : outcome.reply;
    },
  });

  routes.route({
    ...routeOf(addUserToGroup),
    config,
    handler: async (request, reply) => {
      const { username } = request.params;
      const { group } = request.body;
      const audit = { eventType: 'admin.user.group.add' as const, subject: username, details: { group } };
      const outcome = await attempt(request, reply, audit, 'Failed to add user to group', (invites) =>
        invites.addToGroup(username, group),
      );
      return outcome.ok ? { success: true } : outcome.reply;
    },
  });

  routes.route({
    ...routeOf(removeUserFromGroup),
    config,
    handler: async (request, reply) => {
      const { username, group } = request.params;
      const audit = { eventType: 'admin.user.group.remove' as const, subject: username, details: { group } };
      const outcome = await attempt(request, reply, audit, 'Failed to remove user from group', (invites) =>
        invites.removeFromGroup(username, group),
      );
      return outcome.ok ? { success: true } : outcome.reply;
    },
  });
}
