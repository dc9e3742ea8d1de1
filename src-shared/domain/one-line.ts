import { Type } from 'typebox';

/**
 * The one rule for a form's one-line fields (a name, an email address, a subject, a company, a
 * website): no line break (CR, LF, NEL, U+2028/9) nor other control character, a tab aside. The
 * team's notice mails print each such field as a line of its own, and a break in one would let
 * its sender write lines of their own ("From: …", "Email: …") into the mail the team reads.
 * Nor a bidirectional embedding, override or isolate (U+202A-E, U+2066-9), which reorders the
 * rest of its line: a subject or a "Name:" line that reads backwards, spelling what the sender
 * chose. Right-to-left text needs none of them (its marks, U+200E/F, stay).
 *
 * The two sides apply it differently, for the two kinds of sender:
 * - the browser folds each run of them into one space before sending (foldOneLineFields): they
 *   come from pasted text (Word's line break, a copied address block) the person cannot see in a
 *   one-line input, and refusing what they cannot see would only puzzle them;
 * - the server refuses them (ONE_LINE_PATTERN in the request schemas: a 400 naming the field,
 *   ONE_LINE_MESSAGE): only a script sends them raw, and it is told rather than having its
 *   text silently changed.
 */
const BREAKS = '\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

/** A JSON-schema pattern (Ajv and TypeBox read it as a `u` regular expression): one line of text. */
export const ONE_LINE_PATTERN = `^[^${BREAKS}]*$`;

/**
 * What shows nothing on screen: spaces, and the default-ignorable characters (zero-width space,
 * joiners, word joiner, BOM, soft hyphen, direction marks, Hangul fillers…), with the blank
 * Braille pattern (U+2800). A name of these alone reads blank in the operator's list and mail.
 */
const INVISIBLE = '\\s\\p{Default_Ignorable_Code_Point}\\u2800';

/**
 * A JSON-schema pattern (unanchored, so it searches): at least one visible character. A required
 * one-line field takes it beside ONE_LINE_PATTERN, and the server's 400 says of a value without
 * one what it says of an empty one ("must not be empty", validation-errors.ts).
 */
export const VISIBLE_PATTERN = `[^${INVISIBLE}]`;

const VISIBLE = new RegExp(VISIBLE_PATTERN, 'u');

/**
 * A required one-line field's schema: one line (ONE_LINE_PATTERN), not empty, and with at least
 * one visible character (VISIBLE_PATTERN): spaces or zero-width characters alone are empty.
 */
export const requiredOneLine = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: ONE_LINE_PATTERN, allOf: [{ type: 'string', pattern: VISIBLE_PATTERN }] });

/** Whether `value` shows nothing at all: empty, spaces, or invisible characters alone. */
export const isBlank = (value: string): boolean => !VISIBLE.test(value);

/** What the server's 400 says of a field that breaks the rule (after the field's name). */
export const ONE_LINE_MESSAGE = 'must be one line of text';

const BREAK_RUNS = new RegExp(`[${BREAKS}]+`, 'gu');

/** `value` with each run of line breaks and control characters made one space. */
const foldToOneLine = (value: string): string => value.replace(BREAK_RUNS, ' ');

/** `values` with each of `fields` folded onto one line (foldToOneLine), the others as they are. */
export function foldOneLineFields<T extends Record<string, unknown>>(values: T, fields: readonly (keyof T)[]): T {
  const folded = { ...values };
  for (const field of fields) {
    const value = folded[field];
    if (typeof value === 'string') folded[field] = foldToOneLine(value) as T[keyof T];
  }
  return folded;
}
