// Lint: TypeScript's recommended rules, plus the boundaries of style.md: web features never import each other,
// API modules never import each other (they share repositories and lib), and the web app never imports the API.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersIn = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

// Each folder of `dir` may not reach a sibling folder through a relative path (`../other/...`, `../../other/...`).
const noApiImports = {
  regex: '(^|/)api/src(/|$)|^@portal/api',
  message: 'The web app talks to the API over HTTP only.',
};

const isolate = (dir, extraPatterns = []) =>
  foldersIn(dir).map((name) => {
    const siblings = foldersIn(dir).filter((other) => other !== name);
    return {
      files: [`${dir}/${name}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(${siblings.join('|')})(/|$)`,
                message: `Code in ${dir}/${name} may not import another folder of ${dir}; share through a common layer instead.`,
              },
              ...extraPatterns,
            ],
          },
        ],
      },
    };
  });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['apps/web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [noApiImports] }] } },
  ...isolate('apps/web/src/features', [noApiImports]),
  ...isolate('apps/api/src/modules'),
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)apps/', message: 'The contract depends on nothing of the apps.' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '*.js', '*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
