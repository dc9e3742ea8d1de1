import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { AdminApi } from '../../src-shared/api/admin/client.ts';
import { ExportRecordRequestSchema, OutboxMailParamsSchema } from '../../src-shared/domain/admin.ts';
import { AuditQuerySchema } from '../../src-shared/domain/audit.ts';
import {
  LeadsChartQuerySchema,
  LeadsQuerySchema,
  RecordsQuerySchema,
  UsersQuerySchema,
} from '../../src-shared/domain/admin-lists.ts';
import { BlogPostSchema } from '../../src-shared/domain/blog-post.ts';
import { exportLeads, exportUsers } from '../../src-shared/domain/endpoints/admin.ts';
import { GroupNameSchema, InviteUserRequestSchema } from '../../src-shared/domain/user-invites.ts';
import { ADMIN_METHODS, CONSOLE_SCREENS, IPC_CHANNELS, type AdminCall } from '../contract/bridge.ts';

const Username = Type.String({ minLength: 1, maxLength: 128 });
const None = Type.Tuple([]);

/** Each admin method's argument list; the `satisfies` makes a method without a schema a type error. */
const ADMIN_ARGUMENTS = {
  login: Type.Tuple([Type.String({ minLength: 1, maxLength: 1024 })]),
  validate: None,
  logout: None,
  revokeAllSessions: None,
  listLeads: Type.Union([None, Type.Tuple([LeadsQuerySchema])]),
  leadDetail: Type.Tuple([Type.Integer({ minimum: 1 })]),
  leadsChart: Type.Union([None, Type.Tuple([LeadsChartQuerySchema])]),
  listUsers: Type.Union([None, Type.Tuple([UsersQuerySchema])]),
  enableUser: Type.Tuple([Username]),
  disableUser: Type.Tuple([Username]),
  deleteUser: Type.Tuple([Username]),
  listAudit: Type.Tuple([AuditQuerySchema]),
  listOutbox: Type.Union([None, Type.Tuple([RecordsQuerySchema])]),
  retryOutboxMail: Type.Tuple([OutboxMailParamsSchema.properties.id]),
  listAffiliateApplications: Type.Union([None, Type.Tuple([RecordsQuerySchema])]),
  recordExport: Type.Tuple([ExportRecordRequestSchema]),
  listPublishedPosts: None,
  savePostHtml: Type.Tuple([BlogPostSchema]),
  inviteUser: Type.Tuple([InviteUserRequestSchema]),
  listGroups: None,
  listUserGroups: Type.Tuple([Username]),
  addUserToGroup: Type.Tuple([Username, GroupNameSchema]),
  removeUserFromGroup: Type.Tuple([Username, GroupNameSchema]),
} satisfies Record<keyof AdminApi, TSchema>;

/** The arguments each renderer → main channel takes, as one tuple per channel. */
const ChannelArguments = {
  [IPC_CHANNELS.settingsGet]: None,
  [IPC_CHANNELS.settingsSetServerUrl]: Type.Tuple([Type.String({ maxLength: 2048 })]),
  [IPC_CHANNELS.settingsSetLastScreen]: Type.Tuple([Type.Enum(CONSOLE_SCREENS)]),
  [IPC_CHANNELS.tokenStorage]: None,
  [IPC_CHANNELS.saveFile]: Type.Tuple([
    Type.Object(
      {
        // A bare file name: the dialog decides the folder.
        suggestedName: Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\:*?"<>|\\u0000-\\u001f]+$' }),
        mimeType: Type.String({ minLength: 1, maxLength: 255 }),
        contents: Type.String({ maxLength: 200_000_000 }),
      },
      { additionalProperties: false },
    ),
  ]),
  [IPC_CHANNELS.saveExport]: Type.Tuple([
    Type.Object(
      {
        // Only the two exports of the admin API, with a query string: main adds the server's origin.
        path: Type.String({ maxLength: 2048, pattern: `^(${exportLeads.path}|${exportUsers.path})(\\?[^#\\s]*)?$` }),
        suggestedName: Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\:*?"<>|\\u0000-\\u001f]+$' }),
      },
      { additionalProperties: false },
    ),
  ]),
  [IPC_CHANNELS.cancelExport]: None,
  [IPC_CHANNELS.openExternal]: Type.Tuple([Type.String({ maxLength: 8192 })]),
} as const;

export type InvokeChannel = keyof typeof ChannelArguments | typeof IPC_CHANNELS.adminCall;

/** Thrown back to the renderer when a message's arguments do not fit its channel. */
class InvalidArgumentsError extends Error {
  constructor(channel: string, detail: string) {
    super(`Invalid arguments for ${channel}: ${detail}`);
    this.name = 'InvalidArgumentsError';
  }
}

function check(channel: string, schema: TSchema, value: unknown): void {
  if (Value.Check(schema, value)) return;
  const [first] = Value.Errors(schema, value);
  const where = first?.instancePath ? `${first.instancePath} ` : '';
  throw new InvalidArgumentsError(channel, first ? `${where}${first.message}` : 'they do not match the contract');
}

/** Validates the arguments of a plain channel. */
export function checkChannelArguments(channel: keyof typeof ChannelArguments, args: unknown[]): void {
  check(channel, ChannelArguments[channel], args);
}

/** Validates an admin call: a known method and that method's arguments, nothing more. */
export function checkAdminCall(args: unknown[]): AdminCall {
  const channel = IPC_CHANNELS.adminCall;
  const [call] = args;
  if (args.length !== 1 || typeof call !== 'object' || call === null) {
    throw new InvalidArgumentsError(channel, 'expected one { method, args } object');
  }
  const { method, args: callArgs, ...rest } = call as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new InvalidArgumentsError(channel, `unexpected field ${Object.keys(rest)[0]}`);
  if (typeof method !== 'string' || !(ADMIN_METHODS as string[]).includes(method)) {
    throw new InvalidArgumentsError(channel, `unknown admin method ${JSON.stringify(method)?.slice(0, 80)}`);
  }
  check(`${channel} ${method}`, ADMIN_ARGUMENTS[method as keyof AdminApi], callArgs);
  return call as AdminCall;
}
