import type { z } from 'zod';

// The strings (and numbers) an input schema takes, found by walking its zod 4 definition: for the tests that every
// string refuses control characters (plain-text-fields.test.ts) and every time is bounded (timestamp-fields.test.ts),
// and for tools that generate requests.

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

export interface InputLeaf {
  /** Where the value sits: `name`, `address.street`, `tags[]`, `<key>` for the keys of a record. */
  path: string;
  /** The schema that judges the value as it arrives (the leaf itself, or the pipe that starts with it). */
  schema: z.ZodType;
}

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);

/** Every value the schema takes from a caller that `isLeaf` picks, with the schema that judges it. */
export function leavesOf(schema: z.ZodType, isLeaf: (schema: z.ZodType) => boolean, path = ''): InputLeaf[] {
  if (isLeaf(schema)) return [{ path, schema: unwrapped(schema) }];
  const inner = unwrapped(schema);
  const def = defOf(inner);
  const walk = (child: z.ZodType, at: string) => leavesOf(child, isLeaf, at);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) => walk(field, join(path, name)));
    case 'array':
      return walk(def.element as z.ZodType, `${path}[]`);
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, i) => walk(item, `${path}[${i}]`));
    case 'record':
      return [...walk(def.keyType as z.ZodType, join(path, '<key>')), ...walk(def.valueType as z.ZodType, join(path, '<value>'))];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def.left as z.ZodType, path), ...walk(def.right as z.ZodType, path)];
    case 'pipe':
      // A pipe that does not start with a leaf (z.preprocess): what it finally checks is its output schema.
      return walk(def.out as z.ZodType, path);
    case 'lazy':
      return walk((def.getter as () => z.ZodType)(), path);
    default:
      return [];
  }
}

/** Every string the schema takes from a caller, with the schema that judges it. */
export const stringLeavesOf = (schema: z.ZodType, path = ''): InputLeaf[] => leavesOf(schema, takesString, path);

/** Every number the schema takes from a caller (JSON numbers; a query's digits are strings). */
export const numberLeavesOf = (schema: z.ZodType): InputLeaf[] => leavesOf(schema, (s) => defOf(unwrapped(s)).type === 'number');

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
  // The writer's screen (decision record 073): an article's excerpt and its Markdown.
  'backoffice.blog.create body.excerpt',
  'backoffice.blog.create body.body_markdown',
  'backoffice.blog.save body.excerpt',
  'backoffice.blog.save body.body_markdown',
  // A document's HTML (decision record 076): its lines are the admin's; a link target refuses them by its own rule.
  'backoffice.pages.create body.source',
  'backoffice.pages.update body.source',
  // A video's description (decision record 074): paragraphs, as a shoot's.
  'backoffice.videos.update body.description',
  'backoffice.models.create body.description',
  'backoffice.models.update body.description',
  'backoffice.shoots.create body.description',
  'backoffice.shoots.update body.description',
]);

/** Values for strings no generic sample fits (a pattern, a format), keyed like MULTI_LINE_FIELDS. */
export const SAMPLE_TEXT: Record<string, string> = {
  'studio.playdates.settings body.hours.time_zone': 'Europe/Berlin',
  // "<playdate id>.<base64url HMAC-SHA256>" (decision record 041).
  'playdates.public.chatHistory query.token': `7.${'A'.repeat(43)}`,
  // Six digits of an authenticator app (decision record 070).
  'secondFactor.confirm body.code': '123456',
  'secondFactor.recoveryCodes body.code': '123456',
  // A catalog picture by key (decision record 073).
  'backoffice.blog.create body.cover_image': 'shoot:12',
  'backoffice.blog.save body.cover_image': 'shoot:12',
  // A path of the site (decision record 076).
  'backoffice.pages.create body.path': '/sample-page',
  // A currency of ISO 4217 (decision record 072) and a picture as a data URL (decision record 074).
  'backoffice.plans.update body.currency': 'EUR',
  'backoffice.packages.update body.currency': 'EUR',
  'backoffice.videos.cover body.image': 'data:image/png;base64,iVBORw0KGgo=',
  'backoffice.pages.update body.path': '/sample-page',
  'backoffice.meta.get query.path': '/sample-page',
  'backoffice.meta.save body.path': '/sample-page',
};

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
