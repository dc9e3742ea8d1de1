import { sql, type SelectQueryBuilder } from 'kysely';
import { MAX_ROW_ID } from '../../src-shared/domain/admin.ts';
import { LIST_PAGE, type ListPage, type RecordsQuery } from '../../src-shared/domain/admin-lists.ts';

/**
 * A list request the server cannot answer as asked (a foreign cursor, a bad date range): the
 * error policy (server/http/errors.ts) answers it as a 400 with its message.
 */
export class InvalidListQuery extends Error {
  override name = 'InvalidListQuery';
  readonly statusCode = 400;
}

/** A page's position and count, as every list's answer carries them beside its items. */
export function pagePosition(page: ListPage<unknown>): Omit<ListPage<unknown>, 'items'> {
  return { nextCursor: page.nextCursor, total: page.total, totalIsEstimate: page.totalIsEstimate };
}

/** An id a row of our tables can have (1 to MAX_ROW_ID). */
export function isRowId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ROW_ID;
}

/** An opaque cursor: the position it holds, as base64url JSON. */
export function encodeCursor(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor<T>(cursor: string, isPosition: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || !isPosition(value)) {
    throw new InvalidListQuery("Invalid query: 'cursor' is not one this list gave (start again without it)");
  }
  return value;
}

/** A LIKE pattern's literal text: % _ and \ match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A page of a record list (applications, the outbox) as the operator asks for it. */
export interface RecordsPageRequest {
  /** Case-insensitive substring of the fields the list searches. */
  q?: string;
  limit: number;
  cursor?: string;
  /** Whether to count what the search finds (the first page does). */
  withTotal: boolean;
}

/** A record list's query as its page request: the first page (no cursor) is counted. */
export function recordsPageRequest(query: RecordsQuery): RecordsPageRequest {
  return {
    limit: query.limit ?? LIST_PAGE.default,
    withTotal: query.cursor === undefined,
    ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
    ...(query.q?.trim() ? { q: query.q.trim() } : {}),
  };
}

/** A keyset position on the id alone: lists kept in insertion order. */
interface IdPosition {
  i: number;
}

const isIdPosition = (value: unknown): value is IdPosition => {
  const { i, ...rest } = value as Partial<IdPosition>;
  return isRowId(i) && Object.keys(rest).length === 0;
};

/**
 * A page of a list kept in insertion order, newest first by id: reads up to `limit` of `rows`
 * below the cursor's id (one more than the page, to know whether another follows) on the
 * primary key, and `total` counts what the search finds for the first page.
 */
export async function newestFirstPage<DB, TB extends keyof DB, Row extends { id: number }, Item>(
  request: RecordsPageRequest,
  read: {
    /** The list's rows as searched, with the columns to show (an `id` among them). */
    rows: SelectQueryBuilder<DB, TB, Row>;
    total(): Promise<{ total: number; isEstimate: boolean }>;
  },
  toItem: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const belowId = request.cursor === undefined ? undefined : decodeCursor(request.cursor, isIdPosition).i;
  const below = belowId === undefined ? read.rows : read.rows.where(sql<number>`id`, '<', belowId);
  // The count beside the page, not after it: on PostgreSQL the pool runs both at once.
  const [rows, total] = await Promise.all([
    below
      .orderBy(sql`id`, 'desc')
      .limit(request.limit + 1)
      .execute(),
    request.withTotal ? read.total() : undefined,
  ]);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > request.limit && last ? encodeCursor({ i: last.id } satisfies IdPosition) : null,
    total: total?.total ?? null,
    totalIsEstimate: total?.isEstimate ?? false,
  };
}
