import { Type, type Static } from 'typebox';
import { IDENTITY_NAME_MAX_LENGTH, IdentityUserRecordSchema, replyStatus, UsernameSchema } from './admin.ts';

/** The operator's invitations and group memberships: bodies and answers (the endpoints are in endpoints/admin.ts). */

/** A group name; the user pool checks its characters (and says what is wrong). */
export const GroupNameSchema = Type.String({ minLength: 1, maxLength: IDENTITY_NAME_MAX_LENGTH });

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

/** `GET /api/admin/groups` and `GET /api/admin/users/{username}/groups`: group names. */
export const GroupNamesReplySchema = Type.Object({ ...replyStatus, groups: Type.Optional(Type.Array(Type.String())) });

/** `POST /api/admin/users/{username}/groups`: adds the user to the group, creating it when new. */
export const AddUserToGroupRequestSchema = Type.Object({ group: GroupNameSchema }, { additionalProperties: false });

export const UserGroupParamsSchema = Type.Object({
  username: UsernameSchema,
  group: GroupNameSchema,
});
