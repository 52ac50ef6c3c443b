import { z } from 'zod';

// Valid and invalid values from an endpoint's zod schemas, through their JSON Schema (zod 4's z.toJSONSchema, input
// side). Refinements the JSON Schema cannot show are caught by parsing each value with the zod schema itself.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: JsonSchema | boolean;
};

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The branch that is not `null` of a nullable node; the node itself otherwise. */
export function mainBranch(node: JsonSchema): JsonSchema {
  const options = node.anyOf ?? node.oneOf;
  if (!options) return node;
  return options.find((o) => o.type !== 'null') ?? options[0]!;
}

const typeOf = (node: JsonSchema): string | undefined => (Array.isArray(node.type) ? node.type[0] : node.type);

/** Strings that satisfy most simple patterns of the contracts (ids, names, digits, words). */
const STRING_CANDIDATES = ['sample', '1', 'sample_name', 'abcdefgh12', 'en', 'DE'];

function sampleString(node: JsonSchema, key: string): string {
  const min = node.minLength ?? 0;
  const max = node.maxLength ?? Infinity;
  const pattern = node.pattern ? new RegExp(node.pattern) : null;
  const byName = /e-?mail/i.test(key) ? ['sample.user@example.com'] : /url/i.test(key) ? ['https://example.com/page'] : [];
  for (const base of [...byName, ...STRING_CANDIDATES]) {
    const value = base.length >= min ? base : base + '1'.repeat(min - base.length);
    if (value.length <= max && (!pattern || pattern.test(value))) return value;
  }
  return 'x'.repeat(Math.max(min, 1));
}

function sampleNumber(node: JsonSchema): number {
  const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1);
  const high = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : Infinity);
  return Math.min(Math.max(low, 1), high);
}

/** A value the node accepts, with only the required properties of objects. */
export function sampleOf(node: JsonSchema, key = ''): unknown {
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  if (node.anyOf || node.oneOf) return sampleOf(mainBranch(node), key);
  switch (typeOf(node)) {
    case 'string':
      return sampleString(node, key);
    case 'integer':
    case 'number':
      return sampleNumber(node);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return node.items ? [sampleOf(node.items, key)] : [];
    case 'object':
    case undefined: {
      const out: Record<string, unknown> = {};
      for (const name of node.required ?? []) out[name] = sampleOf(node.properties?.[name] ?? {}, name);
      return out;
    }
    default:
      return null;
  }
}

/** Where a field sits: the path, the query string or the JSON body. */
export type Part = 'params' | 'query' | 'body';

export interface BadInput {
  part: Part;
  field: string;
  /** What is wrong, for the test's name. */
  problem: string;
  /** The field's new value; `undefined` with `omit` leaves the field out. */
  value?: unknown;
  omit?: boolean;
  /** The query string repeats the field (`a=1&a=2`): an array where one value is expected. */
  repeated?: boolean;
}

/** The top-level fields of a part's object schema (of the first variant of a union), with whether each is required. */
export function fieldsOf(node: JsonSchema): Array<{ name: string; node: JsonSchema; required: boolean }> {
  const object = node.properties ? node : mainBranch(node);
  return Object.entries(object.properties ?? {}).map(([name, field]) => ({ name, node: field, required: (object.required ?? []).includes(name) }));
}

/** The control characters each string field is tried with: NUL, other C0 controls, DEL, and a line break inside. */
export const CONTROL_CHARACTERS: ReadonlyArray<[string, string]> = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['ESC', '\u001B'],
  ['DEL', '\u007F'],
];

/** Whether a bad input is one of the control-character cases (no string field may take one, whatever its type). */
export const isControlCase = (bad: BadInput) => bad.problem.startsWith('a control character') || bad.problem === 'a lone surrogate';

/** Bad values for one field: a wrong type, a control character, out-of-range numbers and lengths, a missing value. */
export function badValuesFor(part: Part, field: { name: string; node: JsonSchema; required: boolean }): BadInput[] {
  const main = mainBranch(field.node);
  const type = main.enum ? 'enum' : typeOf(main);
  const cases: BadInput[] = [];
  const add = (problem: string, value: unknown, extra: Partial<BadInput> = {}) => cases.push({ part, field: field.name, problem, value, ...extra });
  const good = sampleOf(main, field.name);

  // A wrong type: what the wire can carry in this part.
  if (part === 'body') {
    if (type === 'string' || type === 'enum') add('a number instead of a string', 12345);
    else if (type === 'integer' || type === 'number') add('a string instead of a number', 'not-a-number');
    else if (type === 'boolean') add('a string instead of a boolean', 'not-a-boolean');
    else if (type === 'array' || type === 'object') add(`a string instead of an ${type}`, 'not-structured');
  } else {
    if (type === 'integer' || type === 'number') add('letters instead of a number', 'abc');
    else if (type === 'enum') add('a value outside the enum', 'not-a-listed-value');
    else if (part === 'query' && type === 'string') add('the parameter twice', String(good), { repeated: true });
  }

  if (type === 'string') {
    // Decision 031: every string refuses control characters at the contract (PostgreSQL refuses a NUL with a 500).
    for (const [name, control] of CONTROL_CHARACTERS) add(`a control character ${name}`, `${String(good)}${control}`);
    // Broken Unicode only travels in JSON ("\ud800"): a path or query string carries bytes, which Fastify decodes.
    if (part === 'body') add('a lone surrogate', `${String(good)}\uD800`);
  }

  if (type === 'integer' || type === 'number') {
    if (main.minimum !== undefined) add(`below the minimum ${main.minimum}`, main.minimum - 1);
    if (main.exclusiveMinimum !== undefined) add(`not above ${main.exclusiveMinimum}`, main.exclusiveMinimum);
    if (main.maximum !== undefined) add(`above the maximum ${main.maximum}`, main.maximum + 1);
    if (type === 'integer') add('a fraction', 1.5);
  }
  if (type === 'string') {
    if (main.maxLength !== undefined && main.maxLength < 100_000) add(`longer than ${main.maxLength} characters`, 'a'.repeat(main.maxLength + 1));
    if (main.minLength !== undefined && main.minLength > 0) add(`shorter than ${main.minLength} characters`, 'a'.repeat(main.minLength - 1));
  }
  if (field.required && part !== 'params') cases.push({ part, field: field.name, problem: 'missing', omit: true });
  return cases;
}
