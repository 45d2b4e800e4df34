import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// In flat config a later block's rule options replace an earlier block's for the files it matches, so every
// block that restricts imports builds its options here: the global patterns plus its own.
const packageNameOnly = {
  group: ['@portal/*/src/*', '@portal/*/*'],
  message: 'Import packages by their name only.',
};
const restrictedImports = (...patterns) => ['error', { patterns: [packageNameOnly, ...patterns] }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/.next-*/**',
      'var/**',
      'test-results/**',
      '**/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A variable assigned once but read earlier by a closure (e.g. a shutdown handler) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': restrictedImports(),
    },
  },
  {
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': restrictedImports({
        group: ['**/apps/api/**', '@portal/api'],
        message: 'The web app never imports API code.',
      }),
    },
  },
);
