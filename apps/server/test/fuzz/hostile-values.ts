import type { Random } from './random';

// Values a careless or hostile client sends in place of a field's own: wrong types, numbers past every bound, long
// and strange strings, control characters, markup and SQL. Each is tried in bodies, query strings and path segments.

const NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  4_294_967_296,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  5e-324,
];

/** Strings that overflow numbers when a server parses them (no JSON number can say these). */
const NUMERIC_TEXTS = ['NaN', 'Infinity', '-Infinity', '1e400', '99999999999999999999999', '-99999999999999999999', '0x10', '1_000', ' 1', '1 ', '+1', '01', '1.0', '١٢٣'];

const STRINGS = [
  '',
  ' ',
  '\t\n',
  'a'.repeat(256),
  'long'.repeat(3000),
  'ü'.repeat(5000),
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Zalgo: Z̸̡̢̛̛̖̗a̷̡̛͔͉l̵̨̛̰g̴̢̛̲o̸̧̟',
  '\u202Eevil\u202C',
  'zero\u200Bwidth\uFEFF',
  '\uFFFE\uFFFF',
  '\uD800',
  '\uDC00lone',
  'ends with half \uD83D',
  'nul\u0000inside',
  '\u0000',
  'bell\u0007 esc\u001B[31m del\u007F',
  'line\nbreak',
  'cr\rlf\r\n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '$1',
  '%s%n%x%d',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'https://evil.example/',
  '//evil.example',
  'mailto:a@b.c',
  'a@b',
  'sample.user@example.com',
];

const STRUCTURES: unknown[] = [
  null,
  true,
  false,
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: ['x'] } },
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
  { constructor: { prototype: { polluted: true } } },
  Array.from({ length: 200 }, (_, i) => i),
];

/** Any hostile JSON value (for a body field). */
export function hostileJsonValue(random: Random): unknown {
  const kind = random.int(0, 9);
  if (kind <= 2) return random.pick(NUMBERS);
  if (kind <= 6) return random.pick(STRINGS);
  if (kind === 7) return random.pick(NUMERIC_TEXTS);
  return random.pick(STRUCTURES);
}

/** Any hostile text (for a query parameter or a path segment, where everything is text). */
export function hostileText(random: Random): string {
  const kind = random.int(0, 9);
  if (kind <= 2) return String(random.pick(NUMBERS));
  if (kind <= 3) return random.pick(NUMERIC_TEXTS);
  return random.pick(STRINGS);
}

/** A whole body that is not what any endpoint takes. */
export function hostileBody(random: Random): { payload: string; contentType?: string; note: string } {
  const options: Array<() => { payload: string; contentType?: string; note: string }> = [
    () => ({ payload: '{"unterminated": ', contentType: 'application/json', note: 'truncated JSON' }),
    () => ({ payload: "{'single': 'quotes'}", contentType: 'application/json', note: 'not JSON' }),
    () => ({ payload: '', contentType: 'application/json', note: 'an empty JSON body' }),
    () => ({ payload: 'null', contentType: 'application/json', note: 'null as the body' }),
    () => ({ payload: '[1,2,3]', contentType: 'application/json', note: 'an array as the body' }),
    () => ({ payload: '"text"', contentType: 'application/json', note: 'a string as the body' }),
    () => ({ payload: '12345', contentType: 'application/json', note: 'a number as the body' }),
    () => ({ payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json', note: 'deeply nested JSON' }),
    () => ({ payload: JSON.stringify({ big: 'x'.repeat(2_000_000) }), contentType: 'application/json', note: 'a 2 MB body' }),
    () => ({ payload: '{"a":1,"a":2}', contentType: 'application/json', note: 'a repeated key' }),
    () => ({ payload: '{"text":"\\ud800"}', contentType: 'application/json', note: 'a lone surrogate escape' }),
    () => ({ payload: '{"x":"\u0000"}', contentType: 'application/json', note: 'a raw NUL in JSON' }),
    () => ({ payload: 'name=value&other=1', contentType: 'application/x-www-form-urlencoded', note: 'a form body' }),
    () => ({ payload: 'plain words', contentType: 'text/plain', note: 'a text/plain body' }),
    () => ({ payload: '<xml/>', contentType: 'application/xml', note: 'an XML body' }),
    () => ({ payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--', contentType: 'multipart/form-data; boundary=b', note: 'a multipart body' }),
    () => ({ payload: '{"ok":true}', contentType: 'application/json; charset=latin1', note: 'JSON in an unknown charset' }),
    () => ({ payload: '{"ok":true}', note: 'JSON without a content type' }),
    () => ({ payload: '\u00ff\u00fe\u0000', contentType: 'application/json', note: 'binary noise' }),
  ];
  return random.pick(options)();
}

/** A path segment a router or a schema may trip on. */
export function oddPathValue(random: Random): string {
  return random.pick([
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '2147483648',
    'NaN',
    'abc',
    '..',
    '.',
    '%',
    '%ZZ',
    '%00',
    '%2F',
    '%ED%A0%80',
    '%C0%AF',
    'a%20b',
    'x'.repeat(101),
    'ü',
    '😀',
    '<script>',
    "'",
    'null',
    'velora',
    'new_messages',
  ]);
}

/** Something added to a valid value, so it passes the first checks a replacement would fail (a prefix, a pattern). */
export function perturbed(value: unknown, random: Random): unknown {
  if (typeof value === 'number') return random.pick([value + 1, value - 1, -value, value * 1e6, value + 0.5, String(value), `${value}abc`]);
  if (typeof value === 'boolean') return random.pick([String(value), value ? 1 : 0, !value]);
  const text = String(value ?? '');
  const extra = random.pick(['\u0000', '%00', '\u001B', '\uD800', '\uFFFE', '😀', "'", '"', '\\', '/', '/..', '?x=1', '#', ' ', '\n', 'x'.repeat(300), '<b>', '%']);
  return random.chance(0.7) ? `${text}${extra}` : `${extra}${text}`;
}
