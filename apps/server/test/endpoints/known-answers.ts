// What the generated bad-input suite must know beyond the table: cases where the server is wrong today (each names
// its defect; the lead fixes them, then the entry goes). No field takes a control character any more (decision 031: the
// multi-line texts, passwords, tokens and the validate_* calls that used to take a NUL now refuse it at the contract).

/**
 * Server defects the suite found (a 500 for bad input). Keyed `endpoint part.field: problem`; each case runs as
 * `it.fails` until the server answers 400 naming the field.
 */
// None today: pages.get now validates its path with the table's CustomPagePathParam, which refuses a NUL.
export const KNOWN_SERVER_DEFECTS: Record<string, string> = {};

/** Fastify's router refuses a path parameter longer than this with 414, before any schema sees it. */
export const MAX_PARAM_LENGTH = 100;
