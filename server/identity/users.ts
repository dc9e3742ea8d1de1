import type { AttributeType, UserStatusType } from '@aws-sdk/client-cognito-identity-provider';
import type { Kysely, Selectable } from 'kysely';
import type { IdentityUsersTable, Schema } from '../db/schema.ts';
import { invalidParameter, notAuthorized } from './errors.ts';

export type UserRow = Selectable<IdentityUsersTable>;

/** A user by sign-in name: the email (any case) or the Cognito username. */
export function findUser(db: Kysely<Schema>, login: string): Promise<UserRow | undefined> {
  const query = db.selectFrom('identity_users').selectAll();
  return (
    login.includes('@')
      ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', login.toLowerCase()))
      : query.where('username', '=', login)
  ).executeTakeFirst();
}

/** The attributes a user may write about themselves (and SignUp may set). */
export const WRITABLE_ATTRIBUTES = ['email', 'given_name', 'family_name', 'phone_number'] as const;
type WritableAttribute = (typeof WRITABLE_ATTRIBUTES)[number];
export type AttributeChanges = Partial<Record<WritableAttribute, string>>;

/** Every attribute a user record has, for AttributesToGet. */
export const READABLE_ATTRIBUTES = ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'phone_number', 'identities'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[0-9]{6,15}$/;

/** Checks attribute names and values as Cognito does and returns them as column values. */
export function readAttributeChanges(attributes: readonly AttributeType[]): AttributeChanges {
  const changes: AttributeChanges = {};
  for (const { Name: name = '', Value: value = '' } of attributes) {
    const writable = WRITABLE_ATTRIBUTES.find((candidate) => candidate === name);
    if (writable === undefined) {
      if (READABLE_ATTRIBUTES.includes(name)) throw notAuthorized('A client attempted to write unauthorized attribute');
      throw invalidParameter(`Attributes did not conform to the schema: ${name}: Attribute does not exist in the schema.\n`);
    }
    if (writable === 'email' && !EMAIL.test(value)) throw invalidParameter('Invalid email address format.');
    if (writable === 'phone_number' && !PHONE.test(value)) throw invalidParameter('Invalid phone number format.');
    if (value.length > 2048)
      throw invalidParameter(`Attributes did not conform to the schema: ${name}: String must be no longer than 2048 characters`);
    changes[writable] = value;
  }
  return changes;
}

/** The user's attributes as Cognito lists them (email_verified as the string 'true'/'false'). */
export function userAttributes(user: UserRow): AttributeType[] {
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
  return attributes;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A user as the admin operations describe one. */
export function describeUser(user: UserRow) {
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
