import { badValue, invalidParameter, resourceNotFound } from '../errors.ts';
import { optionalInteger, optionalString, requiredString, type Input } from '../fields.ts';
import type { GroupRow } from '../groups.ts';
import type { IdentityService } from '../service.ts';
import { requirePoolId } from './operation.ts';

const GROUP_NAME = /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u;

export const groupNotFound = () => resourceNotFound('Group not found.');

/** `GroupName`, checked as Cognito checks it (1 to 128 letters, marks, symbols, digits, punctuation). */
export function readGroupName(input: Input): string {
  const name = requiredString(input, 'GroupName', 128);
  if (!GROUP_NAME.test(name)) {
    throw invalidParameter(
      `1 validation error detected: Value '${name}' at 'groupName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+`,
    );
  }
  return name;
}

/** `Precedence`: a whole number from 0. */
export function readPrecedence(input: Input): number | undefined {
  const value = optionalInteger(input, 'Precedence');
  if (value === undefined) return undefined;
  if (value < 0) throw badValue('Precedence', value, 'Member must have value greater than or equal to 0');
  return value;
}

const ROLE_ARN = /^arn:[\w+=/,.@-]+:[\w+=/,.@-]+:([\w+=/,.@-]*)?:[0-9]+:[\w+=/,.@-]+(:[\w+=/,.@-]+)?(:[\w+=/,.@-]+)?$/;

/** `RoleArn`: an IAM role's ARN (kept and described; the embedded pool issues no AWS credentials). */
export function readRoleArn(input: Input): string | undefined {
  const value = optionalString(input, 'RoleArn', 2048);
  if (value === undefined) return undefined;
  if (value.length < 20 || !ROLE_ARN.test(value)) {
    throw invalidParameter(
      `1 validation error detected: Value '${value}' at 'roleArn' failed to satisfy constraint: Member must satisfy regular expression pattern: arn:[\\w+=/,.@-]+:[\\w+=/,.@-]+:([\\w+=/,.@-]*)?:[0-9]+:[\\w+=/,.@-]+(:[\\w+=/,.@-]+)?(:[\\w+=/,.@-]+)?`,
    );
  }
  return value;
}

/** The group an operation names by `UserPoolId` and `GroupName`. */
export async function groupTarget(input: Input, service: IdentityService): Promise<GroupRow> {
  requirePoolId(input, service);
  const group = await service.db
    .selectFrom('identity_groups')
    .selectAll()
    .where('name', '=', readGroupName(input))
    .executeTakeFirst();
  if (group === undefined) throw groupNotFound();
  return group;
}
