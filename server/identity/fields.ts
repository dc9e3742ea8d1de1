import type { AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { badMember, badValue, missingMember } from './errors.ts';

/** A decoded request body: members are checked one by one as each operation reads them. */
export type Input = Readonly<Record<string, unknown>>;

export function optionalString(input: Input, member: string, maxLength = 2048): string | undefined {
  const value = input[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badMember(member, 'Member must be a string');
  if (value.length > maxLength) {
    throw badMember(member, `Member must have length less than or equal to ${maxLength}`);
  }
  return value;
}

export function requiredString(input: Input, member: string, maxLength = 2048): string {
  const value = optionalString(input, member, maxLength);
  if (value === undefined) throw missingMember(member);
  if (value.length === 0) throw badMember(member, 'Member must have length greater than or equal to 1');
  return value;
}

/** Cognito's integer members are 32-bit: a larger number is refused, not handed to a column that cannot hold it. */
const INTEGER_MAX = 2 ** 31 - 1;
const INTEGER_MIN = -(2 ** 31);

export function optionalInteger(input: Input, member: string): number | undefined {
  const value = input[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badMember(member, 'Member must be an integer');
  if (value > INTEGER_MAX) throw badValue(member, value, `Member must have value less than or equal to ${INTEGER_MAX}`);
  if (value < INTEGER_MIN) throw badValue(member, value, `Member must have value greater than or equal to ${INTEGER_MIN}`);
  return value;
}

/** `UserAttributes`: a list of {Name, Value}. */
export function attributeList(input: Input, member: string, required: boolean): AttributeType[] {
  const value = input[member];
  if (value === undefined || value === null) {
    if (required) throw missingMember(member);
    return [];
  }
  if (!Array.isArray(value)) throw badMember(member, 'Member must be a list');
  return value.map((item: unknown) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Input;
    return { Name: requiredString(entry, 'Name', 32), Value: optionalString(entry, 'Value', 2048) ?? '' };
  });
}

export function stringList(input: Input, member: string): string[] | undefined {
  const value = input[member];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw badMember(member, 'Member must be a list of strings');
  }
  return value as string[];
}

/** `AuthParameters`: a map of strings. */
export function stringMap(input: Input, member: string): Record<string, string> {
  const value = input[member];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badMember(member, 'Member must be a map');
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.every(([, item]) => typeof item === 'string')) throw badMember(member, 'Map values must be strings');
  return Object.fromEntries(entries) as Record<string, string>;
}
