import type { FastifySchemaCompiler } from 'fastify';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { addSharedEmailFormat } from '../../http/email-format.ts';

/**
 * A form wants every wrong field at once, so the visitor fixes them in one go; the app's
 * shared validator stops at the first. Only the small, size-limited contact body uses this.
 */
const ajv = new Ajv({ allErrors: true, removeAdditional: false, coerceTypes: false, useDefaults: true });
addFormats(ajv);
addSharedEmailFormat(ajv);

export const validateEveryField: FastifySchemaCompiler<object> = ({ schema }) => ajv.compile(schema);
