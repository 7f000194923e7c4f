/** How answers are written. Each route's response schema (zod, from the contract) is turned once into a JSON
 * Schema and compiled by fast-json-stringify, which writes only the declared fields. Re-validating every answer with
 * zod (fastify-type-provider-zod's serializer) copied and checked each object before JSON.stringify, a tenth of the
 * CPU of a detail answer and more of a list page's. With `check` (the API tests) every answer is also written the
 * checked way: a handler answering outside the contract is a 500 as before, and the two writers must agree. */
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof checkedSerializerCompiler;
type Serialize = (data: unknown) => string;

/** The fast writer of a zod schema, or undefined when the schema has no JSON Schema form (a transform, say). */
export function fastSerializer(schema: unknown): Serialize | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let jsonSchema: Record<string, unknown>;
  try {
    // openapi-3.0 writes `nullable: true`, which fast-json-stringify writes directly; the newer form (anyOf with
    // null) would have it run a validator on every value to pick a branch.
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
  } catch {
    return undefined;
  }
  const writable = withoutCombinators(jsonSchema);
  return writable ? (fastJsonStringify(writable as never) as Serialize) : undefined;
}

type JsonSchema = Record<string, unknown>;
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not', 'if'];

/** fast-json-stringify picks a branch of anyOf/oneOf by validating each value with ajv: slow, and it knows none of
 * the contract's formats. A union of objects (a list answering items of two shapes) becomes one object with every
 * branch's fields, required where all branches require them; any other combinator leaves the schema to zod. */
function withoutCombinators(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map(withoutCombinators);
    return items.includes(undefined) ? undefined : items;
  }
  if (!schema || typeof schema !== 'object') return schema;
  let node = schema as JsonSchema;
  const branches = node.anyOf ?? node.oneOf;
  if (
    Array.isArray(branches) &&
    branches.every((branch: JsonSchema) => branch.type === 'object' && branch.properties)
  ) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
    node = {
      ...rest,
      type: 'object',
      properties: Object.assign({}, ...branches.map((branch: JsonSchema) => branch.properties)),
      required: ((branches[0].required as string[] | undefined) ?? []).filter((name) =>
        branches.every((branch: JsonSchema) => (branch.required as string[] | undefined)?.includes(name)),
      ),
      additionalProperties: false,
    };
  }
  if (COMBINATORS.some((keyword) => keyword in node)) return undefined;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    const converted =
      key === 'properties' || key === '$defs' || key === 'definitions'
        ? schemaMap(value as Record<string, unknown>)
        : withoutCombinators(value);
    if (converted === undefined && value !== undefined) return undefined;
    result[key] = converted;
  }
  return result;
}

export function responseSerializerCompiler(options: { check: boolean }): SerializerCompiler {
  return (route) => {
    const fast = fastSerializer(route.schema);
    const checked = checkedSerializerCompiler(route) as Serialize;
    if (!fast) return checked;
    if (!options.check) return fast;
    return (data) => {
      const expected = checked(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`The answer of ${route.method} ${route.url} was written as ${written}, not ${expected}`);
      }
      return written;
    };
  };
}

/** A map of names to schemas (properties, definitions): each schema converted, the names kept as they are. */
function schemaMap(map: Record<string, unknown>): Record<string, unknown> | undefined {
  const result: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(map)) {
    const converted = withoutCombinators(schema);
    if (converted === undefined) return undefined;
    result[name] = converted;
  }
  return result;
}
