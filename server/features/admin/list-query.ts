/** A list request the server cannot answer as asked (a foreign cursor, a bad date range): a 400. */
export class InvalidListQuery extends Error {
  override name = 'InvalidListQuery';
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
