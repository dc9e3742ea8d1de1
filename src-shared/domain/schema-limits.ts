import type { TSchema } from 'typebox';

/**
 * A string schema's `maxLength`, for the input that fills it: a field takes no more than the
 * server accepts, so an over-long value is never typed only to be refused.
 */
export function maxLengthOf(schema: TSchema): number {
  const { maxLength } = schema as { maxLength?: unknown };
  if (typeof maxLength !== 'number') throw new Error('This schema sets no maxLength');
  return maxLength;
}
