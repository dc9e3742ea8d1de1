import { invalidParameter, resourceNotFound } from '../errors.ts';
import { requiredString, type Input } from '../fields.ts';
import type { IdentityService } from '../service.ts';

export interface CallContext {
  service: IdentityService;
  /** The caller's address, for per-IP limits. */
  ip: string;
  /** The caller's user agent, for the security events it causes. */
  userAgent: string | null;
}

/** One Cognito operation: whether it needs a SigV4 signature, and what it does. */
export interface Operation {
  signed: boolean;
  /** Changes no user or session (the read cache survives it). */
  readOnly?: boolean;
  run(input: Input, context: CallContext): Promise<object>;
}

/** `ClientId` must name our app client, as Cognito checks. */
export function requireClientId(input: Input, service: IdentityService): string {
  const clientId = requiredString(input, 'ClientId', 128);
  if (clientId !== service.config.clientId) {
    throw resourceNotFound(`User pool client ${clientId} does not exist.`);
  }
  return clientId;
}

/** `UserPoolId` must name our pool. */
export function requirePoolId(input: Input, service: IdentityService): void {
  const poolId = requiredString(input, 'UserPoolId', 55);
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(poolId)) {
    throw invalidParameter(
      `1 validation error detected: Value '${poolId}' at 'userPoolId' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w-]+_[0-9a-zA-Z]+`,
    );
  }
  if (poolId !== service.config.userPoolId) throw resourceNotFound(`User pool ${poolId} does not exist.`);
}
