// Control characters in stored text: never wanted, and PostgreSQL refuses NUL outright (a 500 instead of a 400).

// eslint-disable-next-line no-control-regex
const STRAY_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;

/** A text of several lines (a message, a comment) without its control characters; tabs and line breaks stay. */
export const withoutStrayControls = (text: string): string => text.replace(STRAY_CONTROLS, '');

/** Whether a text of several lines holds a control character other than a tab or a line break. */
export const hasStrayControlCharacters = (text: string): boolean => new RegExp(STRAY_CONTROLS.source).test(text);

/** Whether a one-line value (a name, an address line, a path segment) holds any control character, line breaks included. */
export const hasControlCharacters = (text: string): boolean => ANY_CONTROL.test(text);

// A UTF-16 half without its other half: JavaScript strings may hold one (a JSON "\\ud800"), UTF-8 cannot. The driver
// would store U+FFFD in its place, so the value saved is not the value sent.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds half of a UTF-16 surrogate pair (not valid Unicode; String.isWellFormed is not everywhere yet). */
export const hasLoneSurrogates = (text: string): boolean => LONE_SURROGATE.test(text);
