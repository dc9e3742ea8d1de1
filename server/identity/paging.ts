import { badValue, invalidParameter } from './errors.ts';
import { optionalInteger, optionalString, type Input } from './fields.ts';
import type { IdentityService } from './service.ts';

/** The tokens of one listing: each holds the key its next page starts after. */
export interface PageTokens {
  issue(key: string): string;
  /** The key a token holds; InvalidParameterException for any token not issued for this listing. */
  read(token: string): string;
}

/**
 * The page tokens of one listing (`listing` names it, with whose items it lists): the key
 * sealed, so the only token taken back is one this pool issued for the same listing, and a
 * made-up key (or another listing's, of another type) never reaches a query.
 */
export function pageTokens(service: IdentityService, listing: string): PageTokens {
  return {
    issue: (key) => service.pageTokens.seal(key, listing),
    read(token) {
      const key = service.pageTokens.open(token, listing);
      if (key === undefined) throw invalidParameter('Invalid pagination token.');
      return key;
    },
  };
}

/** The most items one page of a group listing holds (Cognito's limit). */
const MAX_GROUP_PAGE = 60;

/** `Limit` (0 or absent: a full page) and the key after which the page starts (`NextToken`). */
export function readPage(input: Input, tokens: PageTokens): { limit: number; after: string | undefined } {
  const limit = optionalInteger(input, 'Limit') ?? 0;
  if (limit < 0) throw badValue('Limit', limit, 'Member must have value greater than or equal to 0');
  if (limit > MAX_GROUP_PAGE) throw badValue('Limit', limit, `Member must have value less than or equal to ${MAX_GROUP_PAGE}`);
  const token = optionalString(input, 'NextToken');
  return { limit: limit === 0 ? MAX_GROUP_PAGE : limit, after: token === undefined ? undefined : tokens.read(token) };
}

/**
 * The page of `rows` (fetched with one row more than the limit) and the token for the next
 * one, made from the last row's key.
 */
export function pageOf<Row>(
  rows: Row[],
  limit: number,
  key: (row: Row) => string,
  tokens: PageTokens,
): { page: Row[]; NextToken?: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    ...(rows.length > limit && last !== undefined ? { NextToken: tokens.issue(key(last)) } : {}),
  };
}
