import type { Ajv } from 'ajv';
import { EMAIL_ADDRESS } from '../../src-shared/domain/email.ts';

/**
 * Makes an Ajv check schemas' `format: 'email'` with the shared rule the web forms check
 * (src-shared/domain/email.ts) in place of ajv-formats' own; call it after ajv-formats is added.
 */
export function addSharedEmailFormat(ajv: Ajv): void {
  ajv.addFormat('email', EMAIL_ADDRESS);
}
