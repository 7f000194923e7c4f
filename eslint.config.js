// Lint: TypeScript's recommended rules, plus the boundaries of style.md: web features never import each other,
// API modules never import each other (they share repositories and lib), and the web app never imports the API.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const root = import.meta.dirname;
const foldersIn = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    : [];

const isolate = (dir) =>
  foldersIn(dir).map((name) => ({
    target: `./${dir}/${name}`,
    from: `./${dir}`,
    except: [`./${name}`],
    message: `Code in ${dir}/${name} may not import another folder of ${dir}; share through a common layer instead.`,
  }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**', 'data/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...isolate('apps/web/src/features'),
            ...isolate('apps/api/src/modules'),
            { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
            { target: './packages/contract', from: './apps', message: 'The contract depends on nothing of the apps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '*.js', '*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
