import { badMember, invalidParameter } from './errors.ts';
import { optionalInteger, optionalString, type Input } from './fields.ts';

/** The most items one page of a group listing holds (Cognito's limit). */
const MAX_GROUP_PAGE = 60;

/** `Limit` (0 or absent: a full page) and the key after which the page starts (`NextToken`). */
export function readPage(input: Input): { limit: number; after: string | undefined } {
  const limit = optionalInteger(input, 'Limit') ?? 0;
  if (limit < 0) throw badMember('Limit', 'Member must have value greater than or equal to 0');
  if (limit > MAX_GROUP_PAGE) throw badMember('Limit', `Member must have value less than or equal to ${MAX_GROUP_PAGE}`);
  const token = optionalString(input, 'NextToken');
  return { limit: limit === 0 ? MAX_GROUP_PAGE : limit, after: token === undefined ? undefined : decodeToken(token) };
}

/**
 * The page of `rows` (fetched with one row more than the limit) and the token for the next
 * one, made from the last row's key.
 */
export function pageOf<Row>(rows: Row[], limit: number, key: (row: Row) => string): { page: Row[]; NextToken?: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    ...(rows.length > limit && last !== undefined
      ? { NextToken: Buffer.from(JSON.stringify({ after: key(last) })).toString('base64url') }
      : {}),
  };
}

function decodeToken(token: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString()) as { after?: unknown };
    if (typeof parsed.after === 'string') return parsed.after;
  } catch {
    // Falls through to the error below.
  }
  throw invalidParameter('Invalid pagination token.');
}
