/**
 * The largest compact JSON text (as `JSON.stringify` writes it) a schema accepts, in bytes:
 * the body limit of a route that takes big bodies, so the limit neither refuses a body its
 * schema allows nor reads more than it could accept. A character can take 6 bytes in JSON (a
 * control character escaped as \u00XX; others take at most 4 in UTF-8), and Ajv counts
 * `maxLength` in code points. Throws for a schema with no such bound (a string without
 * `maxLength`, an object open to other properties, an array without `maxItems`).
 */
export function largestJsonBody(schema: unknown, where = 'body'): number {
  const node = schema as JsonSchemaNode;
  if (node.anyOf) return Math.max(...node.anyOf.map((option) => largestJsonBody(option, where)));
  if (node.enum) return Math.max(...node.enum.map((value) => Buffer.byteLength(JSON.stringify(value))));
  if (node.const !== undefined) return Buffer.byteLength(JSON.stringify(node.const));
  switch (node.type) {
    case 'null':
      return 4;
    case 'boolean':
      return 5;
    case 'integer':
    case 'number':
      return 24; // -1.7976931348623157e+308, the longest a double prints
    case 'string':
      if (node.maxLength === undefined) throw new Error(`${where} has no maxLength`);
      return 2 + 6 * node.maxLength;
    case 'array': {
      if (node.maxItems === undefined || node.items === undefined) throw new Error(`${where} has no maxItems`);
      const item = largestJsonBody(node.items, `${where}[]`);
      return 2 + node.maxItems * (item + 1);
    }
    case 'object': {
      if (node.additionalProperties !== false) throw new Error(`${where} accepts other properties`);
      const fields = Object.entries(node.properties ?? {}).map(
        ([name, value]) => Buffer.byteLength(JSON.stringify(name)) + 1 + largestJsonBody(value, `${where}.${name}`),
      );
      return 2 + fields.reduce((sum, size) => sum + size + 1, 0);
    }
    default:
      throw new Error(`${where} has no type the body limit knows`);
  }
}

interface JsonSchemaNode {
  type?: string;
  anyOf?: unknown[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maxItems?: number;
  items?: unknown;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
}
