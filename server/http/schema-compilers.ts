import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), made
 * once per process instead of once per app. Fastify builds a fresh pair for every instance,
 * so each app compiled every route's schemas again: about 280 ms of each start, paid by
 * every server a test file, a bench or a second instance in one process starts. Shared:
 * - validators come from one Ajv per set of options (the library's own pool), and Ajv keeps
 *   what it compiled by schema object, so a contract's schema compiles once;
 * - serializers are kept by schema object, per set of options, in the same way.
 * A compiled validator or serializer is a pure function of its schema and options, so two
 * apps sharing one cannot affect each other.
 */
export const sharedSchemaCompilers: CompilersFactory = {
  buildValidator: AjvCompiler(),
  buildSerializer: serializersKeptBySchema(SerializerSelector()),
};

function serializersKeptBySchema(factory: SerializerFactory): SerializerFactory {
  const byOptions = new Map<string, WeakMap<object, Serializer>>();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
    const kept = byOptions.get(key) ?? new WeakMap<object, Serializer>();
    byOptions.set(key, kept);
    return (route) => {
      const { schema } = route;
      if (typeof schema !== 'object' || schema === null) return compile(route);
      let serializer = kept.get(schema);
      if (!serializer) kept.set(schema, (serializer = compile(route)));
      return serializer;
    };
  };
}
