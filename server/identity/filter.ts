import { invalidParameter } from './errors.ts';

/**
 * The attributes ListUsers can filter on, as AWS documents them. `username` and `status`
 * (Enabled or Disabled) compare case-sensitively, the others ignore case.
 */
export const SEARCHABLE_ATTRIBUTES = [
  'username',
  'email',
  'phone_number',
  'name',
  'given_name',
  'family_name',
  'preferred_username',
  'cognito:user_status',
  'status',
  'sub',
] as const;
export type SearchableAttribute = (typeof SEARCHABLE_ATTRIBUTES)[number];

export interface UserFilter {
  attribute: SearchableAttribute;
  /** `=` exact match, `^=` starts with. */
  operator: '=' | '^=';
  value: string;
}

const FILTER = /^\s*("?)([a-z_:]+)\1\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/;

/**
 * Parses Cognito's ListUsers filter: `attribute = "value"` or `attribute ^= "value"`, the
 * value in double quotes with `\"` and `\\` escaped. The attribute's name may be quoted too,
 * as in the API reference's example (`"email"^="testuser"`). An empty filter means no filter.
 */
export function parseUserFilter(filter: string): UserFilter | undefined {
  if (filter.trim() === '') return undefined;
  const match = FILTER.exec(filter);
  if (!match) throw invalidParameter('Error while parsing filter.');
  const [, , name, operator, quoted] = match as unknown as [string, string, string, '=' | '^=', string];
  const attribute = SEARCHABLE_ATTRIBUTES.find((candidate) => candidate === name);
  if (attribute === undefined) throw invalidParameter(`Invalid search attribute: ${name}`);
  return { attribute, operator, value: quoted.replace(/\\(.)/g, '$1') };
}
