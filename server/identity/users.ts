import type { AttributeType, UserStatusType } from '@aws-sdk/client-cognito-identity-provider';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { IdentityUsersTable, Schema } from '../db/schema.ts';
import type { AttributeChanges, AttributeDeletes } from './attributes.ts';
import { aliasExists } from './errors.ts';

export { READABLE_ATTRIBUTES } from './attributes.ts';

export type UserRow = Selectable<IdentityUsersTable>;

/**
 * The columns a listed user is described by (describeUser, userAttributes): what the list
 * operations read, so a page of users never brings password hashes, SRP verifiers or lockout
 * state into the server's memory.
 */
export const LISTED_USER_COLUMNS = [
  'sub',
  'username',
  'email',
  'email_verified',
  'given_name',
  'family_name',
  'phone_number',
  'identities',
  'attributes',
  'enabled',
  'status',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof UserRow)[];

/** A user as the list operations read it. */
export type ListedUser = Pick<UserRow, (typeof LISTED_USER_COLUMNS)[number]>;

/** A user by sign-in name: the email (any case) or the Cognito username. */
export function findUser(db: Kysely<Schema>, login: string): Promise<UserRow | undefined> {
  const query = db.selectFrom('identity_users').selectAll();
  return (
    login.includes('@')
      ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', login.toLowerCase()))
      : query.where('username', '=', login)
  ).executeTakeFirst();
}

/**
 * AliasExistsException when another account holds `email`. A sign-up nobody confirmed holds
 * nothing: as in Cognito, where an address becomes an account's alias only once verified, the
 * user who proves the address takes it (`releaseUnconfirmedHolder`), so a stranger's sign-up
 * can neither keep a user from moving to their own address nor tell that it exists.
 */
export async function checkAddressFree(db: Kysely<Schema>, email: string, user: { sub: string }): Promise<void> {
  if ((await addressHolder(db, email, user)) !== undefined) throw aliasExists();
}

/** The other account whose sign-in address `email` is (an unconfirmed sign-up holds none), if any. */
export async function addressHolder(db: Kysely<Schema>, email: string, user: { sub: string }): Promise<UserRow | undefined> {
  const owner = await findUser(db, email);
  return owner !== undefined && owner.sub !== user.sub && owner.status !== 'UNCONFIRMED' ? owner : undefined;
}

/** Deletes the unconfirmed sign-up (its codes with it) holding `email`, which `user` has just proven. */
export async function releaseUnconfirmedHolder(trx: Kysely<Schema>, email: string, user: { sub: string }): Promise<void> {
  await trx
    .deleteFrom('identity_users')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('status', '=', 'UNCONFIRMED')
    .where('sub', '!=', user.sub)
    .execute();
}

/**
 * Whether a password reset (ForgotPassword, ConfirmForgotPassword) may go to the account: it has
 * a password to reset (a Google or Microsoft account has none), and its owner proved the address
 * (an unconfirmed sign-up's may be a stranger's, and mail to unproven addresses is held to the
 * domain quotas, which a reset stays outside: verification.ts, admitCodeMail). Both operations
 * answer any other account as no account.
 */
export const resettable = (user: Pick<UserRow, 'password_hash' | 'email_verified'>) =>
  user.password_hash !== null && user.email_verified;

/** A user by Cognito `sub`. */
export function findUserBySub(db: Kysely<Schema>, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('identity_users').selectAll().where('sub', '=', sub).executeTakeFirst();
}

/**
 * The column values for checked attribute writes and deletes; the map's entries are merged
 * into what is stored, so one write never drops another attribute.
 */
export function attributeWrites(changes: AttributeChanges) {
  const { columns, others, deletes } = changes;
  const merged =
    Object.keys(others).length > 0 ? sql<string>`attributes || ${JSON.stringify(others)}::jsonb` : sql<string>`attributes`;
  const map = deletes.others.length > 0 ? sql<string>`(${merged}) - ${sql.val(deletes.others)}::text[]` : merged;
  return {
    ...Object.fromEntries(deletes.columns.map((column) => [column, null])),
    ...(deletes.emailVerified ? { email_verified: false } : {}),
    ...columns,
    ...(changes.email_verified !== undefined ? { email_verified: changes.email_verified } : {}),
    ...(Object.keys(others).length > 0 || deletes.others.length > 0 ? { attributes: map } : {}),
  };
}

/** Removes checked attribute deletes (see checkAttributeDeletes) from a user's record. */
export async function removeAttributes(db: Kysely<Schema>, sub: string, deletes: AttributeDeletes, now: Date): Promise<void> {
  await db
    .updateTable('identity_users')
    .set({ ...attributeWrites({ columns: {}, others: {}, deletes }), updated_at: now })
    .where('sub', '=', sub)
    .execute();
}

/** The user's attributes as Cognito lists them (email_verified as the string 'true'/'false'). */
export function userAttributes(user: ListedUser): AttributeType[] {
  const attributes: AttributeType[] = [{ Name: 'sub', Value: user.sub }];
  const optional = (Name: string, Value: string | null) => {
    if (Value !== null) attributes.push({ Name, Value });
  };
  optional('identities', user.identities ? JSON.stringify(user.identities) : null);
  optional('email', user.email);
  optional('email_verified', String(user.email_verified));
  optional('given_name', user.given_name);
  optional('family_name', user.family_name);
  optional('phone_number', user.phone_number);
  // A number nobody has verified is listed as such, as Cognito lists it.
  if (user.phone_number !== null && user.attributes.phone_number_verified === undefined) {
    attributes.push({ Name: 'phone_number_verified', Value: 'false' });
  }
  for (const name of Object.keys(user.attributes).sort()) optional(name, user.attributes[name] ?? null);
  return attributes;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A user as the admin operations describe one. */
export function describeUser(user: ListedUser) {
  return {
    Username: user.username,
    UserCreateDate: epochSeconds(user.created_at),
    UserLastModifiedDate: epochSeconds(user.updated_at),
    Enabled: user.enabled,
    UserStatus: user.status satisfies UserStatusType,
  };
}

/** Postgres's unique violation: two requests raced for one email address. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** How Cognito shows where a code went: `a***@e***`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
}
