// What the generated bad-input suite must know beyond the table: fields that take a NUL by design, and cases where
// the server is wrong today (each names its defect; the lead fixes them, then the entry goes).

/**
 * Fields whose schema accepts a NUL on purpose, keyed `endpoint part.field`. The answer must still be a declared,
 * non-5xx one, and the NUL must not come back in it.
 */
export const NUL_ACCEPTED: Record<string, string> = {
  // Multi-line text: stray control characters are removed before storing (rules/plain-text withoutStrayControls).
  'features.feedback body.message': 'stripped',
  'features.featureFeedback.save body.message': 'stripped',
  'comments.post body.body': 'stripped',
  'messages.send body.text': 'stripped',
  'messages.playdate.send body.text': 'stripped',
  // Analytics: NULs dropped before PostgreSQL (visits/storable-json).
  'visits.event body.name': 'stripped',
  // Secrets: only hashed or compared, never stored as text or shown.
  'auth.register body.password': 'secret',
  'auth.login body.password': 'secret',
  'auth.resetPassword body.password': 'secret',
  'user.changePassword body.newPassword': 'secret',
  'pages.get query.password': 'secret',
  // Looked up by hash or verified, never stored: a NUL simply matches nothing (401/404 as for any wrong value).
  'auth.identity body.token': 'verified',
  'videos.unlock body.token': 'looked up by hash',
  'videos.free query.token': 'looked up by hash',
  'auth.forgotPassword body.email': 'answers the same for any address',
  'compliance.ageVerification.sandboxPage params.session': 'checked against the session pattern: 404 page',
  'compliance.ageVerification.sandboxComplete params.session': 'checked against the session pattern: 404 page',
  // These calls exist to judge a value: the answer is { valid: false, reason: "format" }.
  'user.validateUsername body.username': 'judged',
  'user.validateEmail body.email': 'judged',
  // The page meta of an unknown path: the site's defaults.
  'pages.meta query.url': 'defaults for an unknown path',
};

/**
 * Server defects the suite found (a 500 for bad input). Keyed `endpoint part.field: problem`; each case runs as
 * `it.fails` until the server answers 400 naming the field.
 */
// None today: pages.get now validates its path with the table's CustomPagePathParam, which refuses a NUL.
export const KNOWN_SERVER_DEFECTS: Record<string, string> = {};

/** Fastify's router refuses a path parameter longer than this with 414, before any schema sees it. */
export const MAX_PARAM_LENGTH = 100;
