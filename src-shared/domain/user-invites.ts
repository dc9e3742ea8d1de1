import { Type, type Static } from 'typebox';
import { IdentityUserRecordSchema, replyStatus } from './admin.ts';

/**
 * The operator's invitations and group memberships: paths, bodies and answers, for the
 * server's routes and the admin clients (web and desktop).
 */
export const USER_INVITE_ROUTES = {
  invite: '/api/admin/users/invite',
  groups: '/api/admin/groups',
  userGroups: '/api/admin/users/:username/groups',
  userGroup: '/api/admin/users/:username/groups/:group',
} as const;

export const userGroupsPath = (username: string) => `/api/admin/users/${encodeURIComponent(username)}/groups`;
export const userGroupPath = (username: string, group: string) => `${userGroupsPath(username)}/${encodeURIComponent(group)}`;

/** A group name; the user pool checks its characters (and says what is wrong). */
export const GroupNameSchema = Type.String({ minLength: 1, maxLength: 128 });

/** `POST /api/admin/users/invite`: the customer gets a mail with a temporary password. */
export const InviteUserRequestSchema = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 128, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
    givenName: Type.Optional(Type.String({ maxLength: 256 })),
    familyName: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type InviteUserRequest = Static<typeof InviteUserRequestSchema>;
export const InviteUserReplySchema = Type.Object({ ...replyStatus, user: Type.Optional(IdentityUserRecordSchema) });
export type InviteUserReply = Static<typeof InviteUserReplySchema>;

/** `GET /api/admin/groups` and `GET /api/admin/users/{username}/groups`: group names. */
export const GroupNamesReplySchema = Type.Object({ ...replyStatus, groups: Type.Optional(Type.Array(Type.String())) });
export type GroupNamesReply = Static<typeof GroupNamesReplySchema>;

/** `POST /api/admin/users/{username}/groups`: adds the user to the group, creating it when new. */
export const AddUserToGroupRequestSchema = Type.Object({ group: GroupNameSchema }, { additionalProperties: false });

export const UserGroupParamsSchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 128 }),
  group: GroupNameSchema,
});
