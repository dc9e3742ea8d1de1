import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { AdminApi } from '../../src-shared/api/admin/client.ts';
import type { AdminFailure } from '../../src-shared/api/admin/transport.ts';
import { AdminLoginRequestSchema, OutboxMailParamsSchema, UsernameParamsSchema } from '../../src-shared/domain/admin.ts';
import { AuditQuerySchema } from '../../src-shared/domain/audit.ts';
import {
  LeadIdParamsSchema,
  LeadsChartQuerySchema,
  LeadsQuerySchema,
  RecordsQuerySchema,
  UsersQuerySchema,
} from '../../src-shared/domain/admin-lists.ts';
import { BlogPostSchema, PublishedPostsQuerySchema } from '../../src-shared/domain/blog-post.ts';
import { exportLeads, exportUsers } from '../../src-shared/domain/endpoints/admin.ts';
import { GroupNameSchema, InviteUserRequestSchema } from '../../src-shared/domain/user-invites.ts';
import { describeValidationErrors, type InputLocation } from '../../src-shared/domain/validation-errors.ts';
import { ADMIN_METHODS, CONSOLE_SCREENS, IPC_CHANNELS, type AdminCall } from '../contract/bridge.ts';

/**
 * One argument of an admin method: its schema and where the server reads it, so that an argument
 * refused here reads as the server's 400 would ("Invalid query: 'q' must be at most 200 characters").
 * `field` names a bare value as the server's body or path names it.
 */
interface AdminArgument {
  schema: TSchema;
  in: InputLocation;
  field?: string;
  optional?: boolean;
}

const inQuery = (schema: TSchema, optional = false): AdminArgument => ({ schema, in: 'querystring', optional });
const inBody = (schema: TSchema, field?: string): AdminArgument => ({ schema, in: 'body', ...(field ? { field } : {}) });
const inPath = (field: string, schema: TSchema): AdminArgument => ({ schema, in: 'params', field });
const username = inPath('username', UsernameParamsSchema.properties.username);

/** Each admin method's arguments, in order; the `satisfies` makes a method without them a type error. */
const ADMIN_ARGUMENTS = {
  login: [inBody(AdminLoginRequestSchema.properties.password, 'password')],
  validate: [],
  logout: [],
  revokeAllSessions: [],
  listLeads: [inQuery(LeadsQuerySchema, true)],
  leadDetail: [inPath('id', LeadIdParamsSchema.properties.id)],
  leadsChart: [inQuery(LeadsChartQuerySchema, true)],
  listUsers: [inQuery(UsersQuerySchema, true)],
  enableUser: [username],
  disableUser: [username],
  deleteUser: [username],
  listAudit: [inQuery(AuditQuerySchema)],
  listOutbox: [inQuery(RecordsQuerySchema, true)],
  retryOutboxMail: [inPath('id', OutboxMailParamsSchema.properties.id)],
  listAffiliateApplications: [inQuery(RecordsQuerySchema, true)],
  listPublishedPosts: [inQuery(PublishedPostsQuerySchema, true)],
  savePostHtml: [inBody(BlogPostSchema)],
  inviteUser: [inBody(InviteUserRequestSchema)],
  listGroups: [],
  listUserGroups: [username],
  addUserToGroup: [username, inBody(GroupNameSchema, 'group')],
  removeUserFromGroup: [username, inPath('group', GroupNameSchema)],
} satisfies Record<keyof AdminApi, AdminArgument[]>;

const None = Type.Tuple([]);

const SUGGESTED_NAME =
  '^(?!\\.)[^/\\\\:*?"<>|\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\ufeff]+\\.csv$';

/** The arguments each renderer → main channel takes, as one tuple per channel. */
const ChannelArguments = {
  [IPC_CHANNELS.settingsGet]: None,
  [IPC_CHANNELS.settingsSetServerUrl]: Type.Tuple([Type.String({ maxLength: 2048 })]),
  [IPC_CHANNELS.settingsSetLastScreen]: Type.Tuple([Type.Enum(CONSOLE_SCREENS)]),
  [IPC_CHANNELS.tokenStorage]: None,
  [IPC_CHANNELS.saveExport]: Type.Tuple([
    Type.Object(
      {
        // Only the two exports of the admin API, with a query string: main adds the server's origin.
        path: Type.String({ maxLength: 2048, pattern: `^(${exportLeads.path}|${exportUsers.path})(\\?[^#\\s]*)?$` }),
        // A bare .csv file name: the dialog decides the folder. Not '.' or '..' (the folder above
        // Downloads), nor hidden; no C0/C1 controls, DEL, zero-width, line or bidi characters,
        // which could make the name the operator reads differ from the file's real one.
        suggestedName: Type.String({ minLength: 5, maxLength: 255, pattern: SUGGESTED_NAME }),
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

/** An admin call as main takes it, or the failure its arguments get instead of being sent. */
export type CheckedAdminCall = { ok: true; call: AdminCall } | { ok: false; refused: AdminFailure };

/**
 * Validates an admin call: a known method and that method's arguments, nothing more. A message
 * that is no admin call at all throws; a known method whose arguments the server would refuse
 * (a search over 200 characters) answers that method's failure outcome, a 400 in the server's
 * words, as the web build gets it over HTTP: the screens show it and never wait on a rejection.
 */
export function checkAdminCall(args: unknown[]): CheckedAdminCall {
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
  const problem = argumentsProblem(method, ADMIN_ARGUMENTS[method as keyof AdminApi], callArgs);
  if (problem) return { ok: false, refused: { ok: false, reason: 'failed', status: 400, error: problem } };
  return { ok: true, call: call as AdminCall };
}

/** What is wrong with a method's arguments, in the server's words; null when nothing is. */
function argumentsProblem(method: string, expected: readonly AdminArgument[], args: unknown): string | null {
  const required = expected.filter((argument) => !argument.optional).length;
  if (!Array.isArray(args) || args.length < required || args.length > expected.length) {
    const count = required === expected.length ? `${required}` : `${required} to ${expected.length}`;
    return `Invalid arguments: ${method} takes ${count}`;
  }
  for (const [index, argument] of expected.entries()) {
    const value: unknown = args[index];
    if (value === undefined && argument.optional) continue;
    const errors = [...Value.Errors(argument.schema, value)];
    if (errors.length === 0) continue;
    return describeValidationErrors(asTheServerStops(errors, argument.field), argument.in);
  }
  return null;
}

type ValueError = ReturnType<typeof Value.Errors>[number];

/**
 * TypeBox reports every error; the server's Ajv stops at a schema's first failing keyword (but
 * tries each branch of a union). So: the first field's errors, one per schema; and a bare value
 * under the name the server's body or path gives it.
 */
function asTheServerStops(errors: readonly ValueError[], field: string | undefined): ValueError[] {
  const firstPath = errors[0]?.instancePath;
  const seenSchemas = new Set<string>();
  const kept = errors.filter((error) => {
    if (error.instancePath !== firstPath || seenSchemas.has(error.schemaPath)) return false;
    seenSchemas.add(error.schemaPath);
    return true;
  });
  return field ? kept.map((error) => ({ ...error, instancePath: `/${field}${error.instancePath}` })) : kept;
}
