import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { DAY } from './clock.ts';
import type { IdentityService } from './service.ts';

/** How long an operator's temporary password works (Cognito's default TemporaryPasswordValidityDays). */
const TEMPORARY_PASSWORD_DAYS = 7;
export const TEMPORARY_PASSWORD_MS = TEMPORARY_PASSWORD_DAYS * DAY;

const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '^$*.[]{}()?!@#%&/,><:;|_~=+-'];

/**
 * A temporary password that meets the pool's policy: 12 characters from the CSPRNG, at least
 * one of each class (no look-alike letters or digits: it is read from a mail and typed).
 */
export function generateTemporaryPassword(): string {
  const all = CLASSES.join('');
  const pick = (from: string) => from.charAt(randomInt(from.length));
  const chars = [...CLASSES.map(pick), ...Array.from({ length: 8 }, () => pick(all))];
  for (let index = chars.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [chars[index], chars[other]] = [chars[other] ?? '', chars[index] ?? ''];
  }
  return chars.join('');
}

/** Queues the invitation (Cognito's default message: the sign-in name and the temporary password). */
export async function sendInvitation(
  service: IdentityService,
  to: string,
  password: string,
  executor: Kysely<Schema> = service.db,
): Promise<void> {
  await service.mailer.enqueue(
    {
      to,
      subject: 'Your temporary password',
      text:
        `Your username is ${to} and temporary password is ${password}. ` +
        `Sign in with them within ${TEMPORARY_PASSWORD_DAYS} days and choose a password of your own.`,
      kind: 'identity-invitation',
      templateParams: { username: to, password },
      containsSecret: true,
    },
    executor,
  );
}
