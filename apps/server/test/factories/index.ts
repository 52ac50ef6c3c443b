// Test data built the way the app builds it (decision record 025). One import for a test: `../../../test/factories`.
export * from './activity';
export * from './cameras';
export * from './catalog';
export * from './content';
export * from './context';
export * from './features';
export * from './login';
export * from './auth-context';
export * from './messages';
export * from './money';
export * from './users';
export * from './visits';
