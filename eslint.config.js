import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// In flat config a later block's rule options replace an earlier block's for the files it matches, so every
// block that restricts imports builds its options here: the global patterns plus its own.
// The one exception is the contract's zod-free entry point (packages/contract/src/lite.ts), which keeps zod
// out of the first load of every page.
const packageNameOnly = {
  group: ['@portal/*/src/*', '@portal/*/*', '!@portal/contract/lite'],
  message: 'Import packages by their name only (or @portal/contract/lite, the zod-free part).',
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
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // Each file is typed by its nearest tsconfig.json (the workspaces', the root's for *.ts at the root,
        // scripts/tsconfig.json for the scripts); only this config file has none.
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A variable assigned once but read earlier by a closure (e.g. a shutdown handler) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'no-restricted-imports': restrictedImports(),
    },
  },
  {
    files: ['apps/web/**'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': restrictedImports({
        group: ['**/apps/api/**', '@portal/api'],
        message: 'The web app never imports API code.',
      }),
    },
  },
);
