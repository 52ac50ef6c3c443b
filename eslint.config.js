import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './tools/eslint-plugin-layers.js';

const TYPED_CALL = "call('name', { params, query, body }) from '@/lib/http/call', typed from the endpoint table of @velora/shared";
/** What the web may not do outside lib/http: reach the API by a path string (decision record 023). */
const WEB_UNTYPED_CALLS = [
  {
    selector: "ImportDeclaration[source.value=/(^@\\x2Flib|\\.)\\x2Fhttp$/] > ImportSpecifier[imported.name=/^(api|createApiClient)$/]",
    message: `Import call instead of the untyped client: ${TYPED_CALL}. A call the table lacks stays on api with an eslint-disable comment naming it.`,
  },
  {
    selector: "CallExpression[callee.property.name=/^(get|post|put|patch|delete)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/][callee.object.name='api']",
    message: `An API path string outside lib/http: use ${TYPED_CALL}.`,
  },
  {
    selector: "Literal[value=/^\\x2Fapi(\\x2F|$)/], TemplateElement[value.raw=/^\\x2Fapi(\\x2F|$)/]",
    message: `An /api path outside lib/http: use ${TYPED_CALL}.`,
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { layers },
    rules: {
      'layers/import-direction': 'error',
      'layers/web-no-cycle': 'error',
      'layers/server-no-cycle': 'error',
      'layers/module-tiers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'tools/**', 'apps/server/src/demo/**', '**/*-command.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Decision 023: the web's API calls are typed from the endpoint table; only lib/http speaks to the client by path.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/http/**', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', ...WEB_UNTYPED_CALLS],
    },
  },
);
