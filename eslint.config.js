// Lint: TypeScript's recommended rules, plus the boundaries of style.md: web features never import each other, API
// modules never import each other, inside a business area's folder or across areas (they share the case engine,
// repositories and lib), the web app never imports the API, the API's layers point one way (core/ imports only db/;
// a repository nothing of lib/, case/, plugins/, modules/ or demo/; lib/ nothing of plugins/, case/, modules/ or
// demo/; case/ nothing of plugins/, modules/ or demo/; db/ nothing above it, the demo data living in demo/), and no
// import cycle exists in the API, the web app or the contract, type-only imports included. The web app also follows
// the rules of hooks (exhaustive dependencies included) and jsx-a11y's recommended accessibility rules.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';

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

// The business areas, as the contract's folders name them: the web's features and the API's modules are grouped in a
// folder of each (what every area shares sits beside them).
const BUSINESS_AREAS = [
  'applications',
  'documents',
  'money',
  'estate',
  'deadlines',
  'schemes',
  'appeals',
  'grievances',
  'single-window',
];
// The contract's folders are these areas and what they all share (time/, case/): an area added there and not here would
// leave its apps' folders unchecked.
const CONTRACT_SHARED_FOLDERS = ['time', 'case'];
const contractAreas = foldersIn('packages/contract/src').filter((name) => !CONTRACT_SHARED_FOLDERS.includes(name));
if (contractAreas.sort().join() !== [...BUSINESS_AREAS].sort().join()) {
  throw new Error(`eslint.config.js: BUSINESS_AREAS (${BUSINESS_AREAS}) are not the contract's (${contractAreas})`);
}
const areaFolders = (dir) => foldersIn(dir).filter((name) => BUSINESS_AREAS.includes(name));

// isolate() for `dir` and inside each of its areas. A folder in an area gets one rule for both its siblings and the
// other folders of `dir`: a later config's rule replaces an earlier one's, it does not add to it.
const isolateWithAreas = (dir, extraPatterns = []) => [
  ...isolate(dir, extraPatterns),
  ...areaFolders(dir).flatMap((area) =>
    isolate(`${dir}/${area}`, [
      {
        regex: `^(\\.\\./)+(${foldersIn(dir)
          .filter((other) => other !== area)
          .join('|')})(/|$)`,
        message: `Code in ${dir}/${area} may not import another folder of ${dir}; share through a common layer instead.`,
      },
      ...extraPatterns,
    ]),
  ),
];

// Import cycles, type-only imports included (eslint-plugin-import-x's no-cycle skips those): the relative imports
// of the API and the contract are read once per lint run, their strongly connected components found, and every
// file on a cycle reported with the cycle's members.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const CYCLE_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/contract/src'];
let cycleMembers;
function sourcesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}
function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}
function findCycles() {
  const files = CYCLE_ROOTS.flatMap((dir) => sourcesUnder(path.join(root, dir)));
  const edges = new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((match) => resolveImport(file, match[1] ?? match[2]));
      return [file, [...new Set(targets.filter(Boolean))]];
    }),
  );
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const members = new Map();
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = (edges.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) for (const each of component) members.set(each, component);
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return members;
}
const noImportCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle (type-only imports count): {{files}}' } },
  create(context) {
    cycleMembers ??= findCycles();
    const component = cycleMembers.get(path.resolve(context.filename));
    if (!component) return {};
    return {
      Program(node) {
        const files = component
          .map((file) => path.relative(root, file))
          .sort()
          .join(' -> ');
        context.report({ node, messageId: 'cycle', data: { files } });
      },
    };
  },
};

const layer = (dir, forbidden, message) => ({
  files: [`${dir}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`, message }] }],
  },
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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    ...jsxA11y.configs.recommended,
    files: ['apps/web/**/*.tsx'],
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A scrolling region (a wide table) takes the keyboard's focus so it can be scrolled without a mouse.
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  // The web's features and the API's modules, alone or grouped in a business area's folder: none imports another.
  ...isolateWithAreas('apps/web/src/features', [noApiImports]),
  ...isolateWithAreas('apps/api/src/modules'),
  layer(
    'apps/api/src/repositories',
    ['lib', 'case', 'plugins', 'modules', 'demo'],
    'A repository only reads and writes rows: it imports the database, core/ and the contract, nothing of lib/, case/, plugins/, modules/ or demo/.',
  ),
  layer(
    'apps/api/src/db',
    ['core', 'lib', 'case', 'plugins', 'modules', 'repositories', 'demo'],
    'db/ is the database itself (client, schema, migrations, the audit context its transactions carry): it imports nothing above it; the demo data lives in demo/.',
  ),
  layer(
    'apps/api/src/core',
    ['lib', 'case', 'plugins', 'modules', 'repositories', 'demo'],
    'core/ holds the rules and helpers every layer shares: it imports the database and the contract, nothing above them.',
  ),
  layer(
    'apps/api/src/case',
    ['plugins', 'modules', 'demo'],
    'The case engine sits below the business areas: it imports nothing of plugins/, modules/ or demo/ (a module hands it what it needs).',
  ),
  layer(
    'apps/api/src/lib',
    ['plugins', 'case', 'modules', 'demo'],
    'lib/ holds technical helpers: it imports nothing of plugins/, case/, modules/ or demo/.',
  ),
  {
    files: CYCLE_ROOTS.map((dir) => `${dir}/**/*.{ts,tsx}`),
    plugins: { imports: { rules: { 'no-cycle': noImportCycle } } },
    rules: { 'imports/no-cycle': 'error' },
  },
  {
    // One clock (decision 026): the API's rules read the time from core/clock.ts, which may be moved in tests and
    // demos and is the database's in every process. Set-up data, tests and command-line tools read the machine's.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/fixtures.ts',
      'apps/api/src/test/**',
      'apps/api/src/db/**',
      'apps/api/src/demo/**',
      'apps/api/src/**/*-cli.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from clock.now() (core/clock.ts), not new Date().',
        },
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'Read the time from clock.now() (core/clock.ts), not Date.now().',
        },
      ],
    },
  },
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
