import type { z } from 'zod';

// The strings an input schema takes, found by walking its zod 4 definition: for the test that every one of them
// refuses control characters (plain-text-fields.test.ts) and for tools that generate requests.

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose input is their inner schema's input. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'promise']);

function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (WRAPPERS.has(defOf(current).type)) current = defOf(current).innerType as z.ZodType;
  return current;
}

/** Whether the schema reads a string from the wire: a string, or a pipe whose input is one. */
function takesString(schema: z.ZodType): boolean {
  const def = defOf(unwrapped(schema));
  if (def.type === 'string') return true;
  if (def.type === 'pipe') return takesString(def.in as z.ZodType);
  return false;
}

export interface StringLeaf {
  /** Where the string sits: `name`, `address.street`, `tags[]`, `<key>` for the keys of a record. */
  path: string;
  /** The schema that judges the string as it arrives (the string itself, or the pipe that starts with it). */
  schema: z.ZodType;
}

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);

/** Every string the schema takes from a caller, with the schema that judges it. */
export function stringLeavesOf(schema: z.ZodType, path = ''): StringLeaf[] {
  if (takesString(schema)) return [{ path, schema: unwrapped(schema) }];
  const inner = unwrapped(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) => stringLeavesOf(field, join(path, name)));
    case 'array':
      return stringLeavesOf(def.element as z.ZodType, `${path}[]`);
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, i) => stringLeavesOf(item, `${path}[${i}]`));
    case 'record':
      return [...stringLeavesOf(def.keyType as z.ZodType, join(path, '<key>')), ...stringLeavesOf(def.valueType as z.ZodType, join(path, '<value>'))];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringLeavesOf(option, path));
    case 'intersection':
      return [...stringLeavesOf(def.left as z.ZodType, path), ...stringLeavesOf(def.right as z.ZodType, path)];
    case 'pipe':
      // A pipe that does not start with a string (z.preprocess): what it finally checks is its output schema.
      return stringLeavesOf(def.out as z.ZodType, path);
    case 'lazy':
      return stringLeavesOf((def.getter as () => z.ZodType)(), path);
    default:
      return [];
  }
}

/**
 * Texts of several lines: tabs and line breaks are part of them (messages, comments, feedback, the contact forms).
 * Keyed `endpoint part.path`; every other string refuses them like any other control character.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  'comments.post body.body',
  'messages.send body.text',
  'messages.playdate.send body.text',
  'features.feedback body.message',
  'features.featureFeedback.save body.message',
  'pages.contact body.message',
  'pages.contentReport body.reason',
  'cameras.feedback.send body.message',
  'playdates.private.request body.message',
  'playdates.feedback.send body.message',
  'studio.playdates.decline body.reason',
]);

/** Values for strings no generic sample fits (a pattern, a format), keyed like MULTI_LINE_FIELDS. */
export const SAMPLE_TEXT: Record<string, string> = { 'studio.playdates.settings body.hours.time_zone': 'Europe/Berlin' };

const GENERIC_SAMPLES = [
  'sample',
  'sample_name',
  'sample.user@example.com',
  'https://example.com/page',
  'abcdefgh12',
  'sample message of some length',
  '1',
  'en',
  'DE',
  'google',
  'model',
  'a',
];

/** A value the string's schema accepts (its own sample first, then generic ones, padded to a minimum length), or null. */
export function validTextFor(key: string, schema: z.ZodType): string | null {
  const candidates = [...(SAMPLE_TEXT[key] === undefined ? [] : [SAMPLE_TEXT[key]]), ...GENERIC_SAMPLES];
  for (const base of candidates) {
    for (const value of [base, base.padEnd(12, 'x'), base.padEnd(40, 'x')]) if (schema.safeParse(value).success) return value;
  }
  return null;
}
