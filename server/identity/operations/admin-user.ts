import { userNotFound } from '../errors.ts';
import { requiredString, type Input } from '../fields.ts';
import type { IdentityService } from '../service.ts';
import { findUser, type UserRow } from '../users.ts';
import { requirePoolId } from './operation.ts';

/** The user an admin operation names by `UserPoolId` and `Username` (or email alias). */
export async function adminTarget(input: Input, service: IdentityService): Promise<UserRow> {
  requirePoolId(input, service);
  const user = await findUser(service.db, requiredString(input, 'Username', 128));
  if (user === undefined) throw userNotFound();
  return user;
}
