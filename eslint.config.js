// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (ARCHITECTURE.md): src-web and src-desktop use src-shared; the
 * server uses src-shared/domain only; nothing reaches into src-web or src-desktop from
 * outside, and the two front ends never import each other.
 */
const importZones = [
  { target: './server', from: './src-web', message: 'The server must not import the web app.' },
  { target: './server', from: './src-desktop', message: 'The server must not import the desktop console.' },
  {
    target: './server',
    from: './src-shared',
    except: ['./domain'],
    message: 'The server may import src-shared/domain only.',
  },
  { target: './src-shared', from: './src-web', message: 'src-shared must not depend on the web app.' },
  { target: './src-shared', from: './src-desktop', message: 'src-shared must not depend on the desktop console.' },
  { target: './src-shared', from: './server', message: 'src-shared must not depend on the server.' },
  { target: './src-shared/domain', from: './src-shared', except: ['./domain'], message: 'The domain depends on nothing else.' },
  { target: './src-web', from: './src-desktop', message: 'The web app must not import the desktop console.' },
  { target: './src-web', from: './server', message: 'The web app talks to the server over HTTP only.' },
  { target: './src-desktop', from: './src-web', message: 'The desktop console must not import the web app.' },
  { target: './src-desktop', from: './server', message: 'The desktop console talks to the server over HTTP only.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    // import-x reads only the files it is told it can parse: without `extensions` and `parsers`
    // it skips every .ts/.tsx module, and no-restricted-paths finds no imports to check. Every
    // relative import names its file with its extension, so the node resolver finds it. Import
    // circles are found by scripts/check-import-cycles.mjs (in `npm run lint`), not by
    // import-x/no-cycle: that rule skips `import type` and walked the graph once per file.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Fluent's Dialog, opened from state, leaves the keyboard on <body> when it closes; the
    // ModalDialog wrapper gives it back to the control that opened it.
    files: ['src-web/**', 'src-desktop/**', 'src-shared/**'],
    ignores: ['src-shared/ui/ModalDialog.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fluentui/react-components',
              importNames: ['Dialog'],
              message: 'Open a modal through ModalDialog (src-shared/ui/ModalDialog.tsx): it gives focus back when it closes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/dev.ts', 'bench/**', 'tests/**', '*.config.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
