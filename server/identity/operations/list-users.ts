import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { badValue, invalidParameter } from '../errors.ts';
import { optionalInteger, optionalString, stringList } from '../fields.ts';
import { parseUserFilter, type UserFilter } from '../filter.ts';
import { describeUser, LISTED_USER_COLUMNS, READABLE_ATTRIBUTES, userAttributes } from '../users.ts';
import { pageTokens } from '../paging.ts';
import { requirePoolId, type Operation } from './operation.ts';

const MAX_PAGE = 60;

/** ListUsers: pages of up to 60 users in username order, with an opaque token for the next page. */
export const listUsers: Operation<'ListUsers'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    requirePoolId(input, service);
    const limit = optionalInteger(input, 'Limit') ?? MAX_PAGE;
    // AWS's range is 0-60; a page of 0 users is refused after that check.
    if (limit < 0) throw badValue('Limit', limit, 'Member must have value greater than or equal to 0');
    if (limit < 1) throw badValue('Limit', limit, 'Member must have value greater than or equal to 1');
    if (limit > MAX_PAGE) throw badValue('Limit', limit, `Member must have value less than or equal to ${MAX_PAGE}`);
    const filter = parseUserFilter(optionalString(input, 'Filter', 256) ?? '');
    const attributesToGet = stringList(input, 'AttributesToGet');
    const readable = [...READABLE_ATTRIBUTES, ...service.config.customAttributes.map(({ name }) => `custom:${name}`)];
    const unknown = attributesToGet?.find((name) => !readable.includes(name));
    if (unknown !== undefined) throw invalidParameter(`One or more requested attributes do not exist: ${unknown}`);
    const tokens = pageTokens(service, 'ListUsers');
    const token = optionalString(input, 'PaginationToken', 1024);
    const after = token === undefined ? undefined : tokens.read(token);

    const rows = await usersAfter(service.db, { filter, after, limit: limit + 1 })
      .select(LISTED_USER_COLUMNS)
      .execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      Users: page.map((user) => ({
        ...describeUser(user),
        Attributes: userAttributes(user).filter(
          ({ Name }) => attributesToGet === undefined || attributesToGet.includes(Name ?? ''),
        ),
      })),
      ...(rows.length > limit && last ? { PaginationToken: tokens.issue(last.username) } : {}),
    };
  },
};

/**
 * Up to `limit` users in username order, after the username `after` (none: from the first),
 * those the Filter finds, the columns yet to select. ListUsers' read, and the embedded pool's
 * export's (admin-client.ts), which walks it in pages larger than the API's 60.
 */
export function usersAfter(
  db: Kysely<Schema>,
  { filter, after, limit }: { filter: UserFilter | undefined; after: string | undefined; limit: number },
) {
  let query = db.selectFrom('identity_users').orderBy('username').limit(limit);
  if (after !== undefined) query = query.where('username', '>', after);
  if (filter !== undefined) query = query.where((eb) => matches(eb, filter));
  return query;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Where a uuid's text has its hyphens; every other place holds a hex digit. */
const UUID_SHAPE = '00000000-0000-0000-0000-000000000000';

/**
 * `sub` compared as the uuid it is, on the primary key (`sub::text` would read every user):
 * `=` one uuid, `^=` the range of those whose text starts with the prefix (uuids order as their
 * text does). A value no uuid's text starts with matches nobody.
 */
function subMatches(eb: ExpressionBuilder<Schema, 'identity_users'>, operator: UserFilter['operator'], value: string) {
  const fits = [...value].every((char, index) => (UUID_SHAPE[index] === '-' ? char === '-' : /^[0-9a-f]$/.test(char)));
  if (!fits || value.length > UUID_SHAPE.length) return sql<boolean>`false`;
  if (operator === '=') return value.length === UUID_SHAPE.length ? eb('sub', '=', value) : sql<boolean>`false`;
  const rest = UUID_SHAPE.slice(value.length);
  return eb.and([eb('sub', '>=', value + rest), eb('sub', '<=', value + rest.replaceAll('0', 'f'))]);
}

/**
 * The Filter as SQL each index of migrations 3, 10, 18 and 34 answers: lower(...) for the
 * attributes that ignore case, `like 'v%'` for `^=` (text_pattern_ops indexes, whatever the
 * collation).
 */
function matches(eb: ExpressionBuilder<Schema, 'identity_users'>, filter: UserFilter) {
  const { value, operator } = filter;
  const compare = (column: Expression<string | null>, wanted: string) =>
    operator === '=' ? eb(column, '=', wanted) : eb(column, 'like', `${escapeLike(wanted)}%`);
  const caseless = (column: 'email' | 'given_name' | 'family_name' | 'phone_number') =>
    compare(eb.fn<string | null>('lower', [column]), value.toLowerCase());
  switch (filter.attribute) {
    case 'email':
    case 'given_name':
    case 'family_name':
    case 'phone_number':
      return caseless(filter.attribute);
    case 'username':
      return compare(eb.ref('username'), value);
    case 'sub':
      return subMatches(eb, operator, value.toLowerCase());
    case 'status':
      // Cognito's `status` is whether the account is enabled: "Enabled" or "Disabled", as written.
      return value === 'Enabled' || value === 'Disabled' ? eb('enabled', '=', value === 'Enabled') : sql<boolean>`false`;
    case 'cognito:user_status':
      return compare(eb.ref('status'), value.toUpperCase());
    case 'name':
    case 'preferred_username':
      // Kept in the attribute map (attributes.ts), indexed by migration 18.
      return compare(sql<string>`lower(attributes ->> ${filter.attribute})`, value.toLowerCase());
  }
}
