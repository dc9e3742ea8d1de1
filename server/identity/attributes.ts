import type { AttributeType, SchemaAttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { invalidParameter, notAuthorized } from './errors.ts';

/**
 * A `custom:` attribute the pool declares (IDENTITY_CUSTOM_ATTRIBUTES). Cognito's custom
 * attributes are strings or integers; an immutable one can be given when the user is created
 * and never changed afterwards.
 */
export interface CustomAttribute {
  /** Without the `custom:` prefix. */
  name: string;
  type: 'String' | 'Number';
  /** String: lengths; Number: values. */
  min: number;
  max: number;
  mutable: boolean;
}

/** Cognito's standard attributes (OpenID Connect's standard claims), with their own rules. */
const STANDARD = [
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
] as const;

/** Attributes only an administrator (or the service itself) sets. */
const ADMIN_ONLY = ['email_verified', 'phone_number_verified'];
/** Attributes nobody writes. */
const SYSTEM = ['sub', 'identities'];

/** Every attribute name a user record may list, for AttributesToGet. */
export const READABLE_ATTRIBUTES: readonly string[] = ['sub', 'identities', ...ADMIN_ONLY, ...STANDARD];

/** Standard attributes kept in columns of their own; the rest live in the `attributes` map. */
export const COLUMN_ATTRIBUTES = ['email', 'given_name', 'family_name', 'phone_number'] as const;
export type ColumnAttribute = (typeof COLUMN_ATTRIBUTES)[number];

/**
 * An email address as the pool takes it: one `@`, a dot in the domain, and none of the
 * characters that make a mail header read more than one plain address (a list, a group, a
 * display name, a quoted part): the code sent to `x,victim@corp.example` must not reach victim@.
 */
export const EMAIL = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;

/**
 * The email is the username in this pool, so an `email` attribute beside it must be the same
 * address (any case); another one is refused as Cognito refuses it, never stored or dropped.
 */
export function checkEmailIsUsername(username: string, email: string | undefined): void {
  if (email !== undefined && email.toLowerCase() !== username.toLowerCase()) {
    throw invalidParameter('User email should be empty or same as username, since username attribute is email');
  }
}
const PHONE = /^\+[0-9]{6,15}$/;
const BIRTHDATE = /^\d{4}-\d{2}-\d{2}$/;
const STRING_MAX = 2048;
const NAME = /^[A-Za-z0-9_]{1,20}$/;
/** Cognito allows 50 custom attributes per pool. */
const MAX_CUSTOM = 50;

const schemaError = (name: string, problem: string) =>
  invalidParameter(`Attributes did not conform to the schema: ${name}: ${problem}\n`);

/**
 * Parses IDENTITY_CUSTOM_ATTRIBUTES: comma-separated `name:String[:max]` or
 * `name:String:min-max`, `name:Number[:min-max]`, each optionally ending `:immutable`
 * (e.g. `company:String:256,tier:Number:0-10,employee_id:String:immutable`).
 */
export function parseCustomAttributes(text: string | undefined): { attributes: CustomAttribute[]; problems: string[] } {
  const attributes: CustomAttribute[] = [];
  const problems: string[] = [];
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length > MAX_CUSTOM) problems.push(`IDENTITY_CUSTOM_ATTRIBUTES declares more than ${MAX_CUSTOM} attributes`);
  for (const entry of entries) {
    const parts = entry.split(':');
    const mutable = parts.at(-1) !== 'immutable';
    if (!mutable) parts.pop();
    const [name = '', type = '', range, ...rest] = parts;
    const bad = (why: string) => problems.push(`IDENTITY_CUSTOM_ATTRIBUTES: "${entry}": ${why}`);
    if (!NAME.test(name)) {
      bad('the name must be 1 to 20 letters, digits or underscores (without the custom: prefix)');
      continue;
    }
    if (attributes.some((attribute) => attribute.name === name)) {
      bad('declared twice');
      continue;
    }
    if (type !== 'String' && type !== 'Number') {
      bad('the type must be String or Number');
      continue;
    }
    if (rest.length > 0) {
      bad('expected name:Type[:range][:immutable]');
      continue;
    }
    const limits = readRange(type, range);
    if (typeof limits === 'string') {
      bad(limits);
      continue;
    }
    attributes.push({ name, type, ...limits, mutable });
  }
  return { attributes, problems };
}

function readRange(type: 'String' | 'Number', range: string | undefined): { min: number; max: number } | string {
  const fallback = type === 'String' ? { min: 0, max: STRING_MAX } : { min: -(2 ** 31), max: 2 ** 31 - 1 };
  if (range === undefined) return fallback;
  const match = /^(?:(-?\d+)-)?(-?\d+)$/.exec(range);
  if (!match) return `"${range}" is not a maximum or a min-max range`;
  const min = match[1] === undefined ? fallback.min : Number(match[1]);
  const max = Number(match[2]);
  if (min > max) return `the range ${range} is empty`;
  if (type === 'String' && (min < 0 || max < 1 || max > STRING_MAX)) return `string lengths must lie within 0-${STRING_MAX}`;
  return { min, max };
}

/** Attribute writes, checked: column values, the map entries to set, and what to remove. */
export interface AttributeChanges {
  columns: Partial<Record<ColumnAttribute, string>>;
  email_verified?: boolean;
  /** Standard attributes without a column, `phone_number_verified` and `custom:` ones. */
  others: Record<string, string>;
  /** An update's blank values: Cognito deletes an attribute written as ''. */
  deletes: AttributeDeletes;
}

/** The record an update writes to: what its immutable and reset rules compare against. */
export interface ExistingAttributes {
  attributes: Readonly<Record<string, string>>;
  phone_number: string | null;
}

export type AttributeWriter = 'user' | 'admin';

const unauthorizedAttribute = () => notAuthorized('A client attempted to write unauthorized attribute');

/**
 * Checks attribute names and values as Cognito does. A user (SignUp, UpdateUserAttributes)
 * may write every standard and custom attribute but the verification flags; an administrator
 * may write those flags too. `existing` is the record an update writes to: there a blank value
 * deletes the attribute (Amplify's updateUserAttributes sends '' to clear one), an immutable
 * custom attribute that has a value refuses to change, and a new phone number is unverified
 * unless the same write says otherwise.
 */
export function checkAttributeWrites(
  attributes: readonly AttributeType[],
  custom: readonly CustomAttribute[],
  writer: AttributeWriter,
  existing?: ExistingAttributes,
): AttributeChanges {
  const isBlankUpdate = ({ Value }: AttributeType) => existing !== undefined && (Value ?? '') === '';
  const changes: AttributeChanges = {
    columns: {},
    others: {},
    deletes: checkAttributeDeletes(
      attributes.filter(isBlankUpdate).map(({ Name }) => Name ?? ''),
      custom,
      writer,
    ),
  };
  for (const { Name: name = '', Value: value = '' } of attributes.filter((attribute) => !isBlankUpdate(attribute))) {
    if (SYSTEM.includes(name) || (writer === 'user' && ADMIN_ONLY.includes(name))) {
      if (writer === 'user') throw unauthorizedAttribute();
      throw schemaError(name, 'Attribute cannot be updated. (changing an immutable attribute)');
    }
    if (ADMIN_ONLY.includes(name)) {
      if (value !== 'true' && value !== 'false') throw schemaError(name, 'Value must be true or false');
      if (name === 'email_verified') changes.email_verified = value === 'true';
      else changes.others[name] = value;
      continue;
    }
    if (name.startsWith('custom:')) {
      const declared = custom.find((attribute) => `custom:${attribute.name}` === name);
      if (declared === undefined) throw schemaError(name, 'Attribute does not exist in the schema.');
      checkCustomValue(name, value, declared);
      const current = existing?.attributes[name];
      if (!declared.mutable && current !== undefined && current !== value) {
        throw schemaError(name, 'Attribute cannot be updated. (changing an immutable attribute)');
      }
      changes.others[name] = value;
      continue;
    }
    const standard = STANDARD.find((candidate) => candidate === name);
    if (standard === undefined) throw schemaError(name, 'Attribute does not exist in the schema.');
    checkStandardValue(standard, value);
    const column = COLUMN_ATTRIBUTES.find((candidate) => candidate === standard);
    if (column !== undefined) changes.columns[column] = value;
    else changes.others[standard] = value;
  }
  const phone = changes.columns.phone_number;
  if (phone !== undefined && phone !== existing?.phone_number && changes.others.phone_number_verified === undefined) {
    changes.others.phone_number_verified = 'false';
  }
  return changes;
}

function checkStandardValue(name: (typeof STANDARD)[number], value: string): void {
  if (value.length > STRING_MAX) throw schemaError(name, `String must be no longer than ${STRING_MAX} characters`);
  if (name === 'email' && !EMAIL.test(value)) throw invalidParameter('Invalid email address format.');
  if (name === 'phone_number' && !PHONE.test(value)) throw invalidParameter('Invalid phone number format.');
  if (name === 'birthdate' && !BIRTHDATE.test(value)) throw schemaError(name, 'Number of characters must be 10');
  if (name === 'updated_at' && !/^\d{1,12}$/.test(value)) throw schemaError(name, 'Number must be a valid integer');
}

function checkCustomValue(name: string, value: string, declared: CustomAttribute): void {
  if (declared.type === 'String') {
    if (value.length > declared.max) throw schemaError(name, `String must be no longer than ${declared.max} characters`);
    if (value.length < declared.min) throw schemaError(name, `String must be no shorter than ${declared.min} characters`);
    return;
  }
  if (!/^-?\d+$/.test(value)) throw schemaError(name, 'Number must be a valid integer');
  const number = Number(value);
  if (number > declared.max) throw schemaError(name, `Number must be no greater than ${declared.max}`);
  if (number < declared.min) throw schemaError(name, `Number must be no less than ${declared.min}`);
}

/** Attributes to remove: named columns set to null, and names to drop from the attribute map. */
export interface AttributeDeletes {
  columns: ColumnAttribute[];
  others: string[];
  /** `email_verified` goes: its column holds no absence, so the email then reads unverified. */
  emailVerified: boolean;
}

/** Which attributes AdminDeleteUserAttributes / DeleteUserAttributes may remove, and how. */
export function checkAttributeDeletes(
  names: readonly string[],
  custom: readonly CustomAttribute[],
  writer: AttributeWriter,
): AttributeDeletes {
  const columns: ColumnAttribute[] = [];
  const others: string[] = [];
  let emailVerified = false;
  for (const name of names) {
    if (writer === 'user' && ADMIN_ONLY.includes(name)) throw unauthorizedAttribute();
    if (name === 'email_verified') {
      emailVerified = true;
      continue;
    }
    if (name === 'email') throw schemaError(name, 'The attribute is required');
    if (SYSTEM.includes(name)) throw schemaError(name, 'Attribute cannot be updated. (changing an immutable attribute)');
    const column = COLUMN_ATTRIBUTES.find((candidate) => candidate === name);
    if (column !== undefined) columns.push(column);
    else if (
      ADMIN_ONLY.includes(name) ||
      STANDARD.some((candidate) => candidate === name) ||
      custom.some((attribute) => `custom:${attribute.name}` === name)
    ) {
      if (custom.some((attribute) => !attribute.mutable && `custom:${attribute.name}` === name)) {
        throw schemaError(name, 'Attribute cannot be updated. (changing an immutable attribute)');
      }
      others.push(name);
    } else throw schemaError(name, 'Attribute does not exist in the schema.');
  }
  // A number's verification goes with the number.
  if (columns.includes('phone_number') && !others.includes('phone_number_verified')) others.push('phone_number_verified');
  return { columns, others, emailVerified };
}

/**
 * The id token's claims for the map's attributes, as Cognito writes them: strings, but
 * `updated_at` a number, `phone_number_verified` a boolean and `address` an object.
 */
export function attributeClaims(others: Readonly<Record<string, string>>): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(others)) {
    if (name === 'updated_at') claims[name] = Number(value);
    else if (name === 'phone_number_verified') claims[name] = value === 'true';
    else if (name === 'address') claims[name] = { formatted: value };
    else claims[name] = value;
  }
  return claims;
}

/**
 * Every attribute the pool accepts as DescribeUserPool lists it, from the rules above: the
 * standard ones as Cognito describes them, then the declared `custom:` ones with their limits.
 */
export function schemaAttributes(custom: readonly CustomAttribute[]): SchemaAttributeType[] {
  const attribute = (Name: string, rest: Partial<SchemaAttributeType>): SchemaAttributeType => ({
    Name,
    AttributeDataType: 'String',
    DeveloperOnlyAttribute: false,
    Mutable: true,
    Required: false,
    ...rest,
  });
  const text = (min: number, max: number) => ({ StringAttributeConstraints: { MinLength: String(min), MaxLength: String(max) } });
  const standard = STANDARD.map((name) => {
    if (name === 'updated_at')
      return attribute(name, { AttributeDataType: 'Number', NumberAttributeConstraints: { MinValue: '0' } });
    if (name === 'birthdate') return attribute(name, text(10, 10));
    return attribute(name, { Required: name === 'email', ...text(0, STRING_MAX) });
  });
  return [
    attribute('sub', { Mutable: false, Required: true, ...text(1, STRING_MAX) }),
    ...standard,
    ...ADMIN_ONLY.map((name) => attribute(name, { AttributeDataType: 'Boolean' })),
    attribute('identities', {}),
    ...custom.map((declared) =>
      attribute(`custom:${declared.name}`, {
        Mutable: declared.mutable,
        ...(declared.type === 'Number'
          ? {
              AttributeDataType: 'Number',
              NumberAttributeConstraints: { MinValue: String(declared.min), MaxValue: String(declared.max) },
            }
          : text(declared.min, declared.max)),
      }),
    ),
  ];
}
