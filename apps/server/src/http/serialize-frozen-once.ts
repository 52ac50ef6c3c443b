import type { FastifySerializerCompiler } from 'fastify';

// Serialising an answer through its zod response schema (which drops every field the contract doesn't name) is most of
// the CPU of a kept list page (bench/README.md). A frozen answer cannot change, so its JSON is kept beside it and
// written again as it is: the schema still made it, once (decision record 058).

/** Wraps a serializer compiler so that each frozen answer object is serialised once per response schema. */
export function serializeFrozenOnce<T>(compile: FastifySerializerCompiler<T>): FastifySerializerCompiler<T> {
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    // Weak: the JSON lives as long as the answer it was made from.
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
      let json = written.get(data);
      if (json === undefined) {
        json = serialize(data);
        written.set(data, json);
      }
      return json;
    };
  };
}
