// Lint: TypeScript's recommended rules, plus the boundaries of style.md. Each business area is one folder in each app
// (`apps/api/src/modules/<area>`, `apps/web/src/features/<area>`, the contract's `<area>/`), and every arrow points
// down: an API module or a web feature imports no other, inside its area or across areas, but any area's lower layers
// (the API's `rules/` and `repositories/`, the web's `components/`); those import no module or feature; below every
// area what they share (the API's case engine, shared repositories, lib/, core/ and db/, each with its own layer
// rule; the web's shared components, api/ and lib/). The web app never imports the API, and no import cycle exists
// in the API, the web app or the contract, type-only imports included. The web app also follows the rules of hooks
// (exhaustive dependencies included) and jsx-a11y's recommended accessibility rules.
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

const noApiImports = {
  regex: '(^|/)api/src(/|$)|^@portal/api',
  message: 'The web app talks to the API over HTTP only.',
};

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

// The API's business areas: each area's folder of modules/ holds its modules (routes over a service) and, below them,
// the area's `rules/` (how its cases move and what a move does) and `repositories/` (its rows). A module imports no
// other module, in its area or another, but any area's rules and repositories; an area's rules import no module; an
// area's repositories import rows only (the database, core/, the shared repositories/ and other areas' repositories).
// Below the areas, what they all share: the case engine (case/), the shared repositories/, lib/, core/ and db/, which
// import no area (their own layer rules below).
const AREA_LAYERS = ['rules', 'repositories'];
const apiAreas = (dir) => {
  const top = foldersIn(dir);
  const areas = areaFolders(dir);
  const shared = top.filter((name) => !areas.includes(name));
  const any = (names) => names.join('|');
  const message = (what) => ({ message: `${what} (eslint.config.js, apiAreas).` });
  // Another top folder of modules/, an area's rules or repositories excepted (`layers` of them allowed).
  const otherTop = (self, layers) => {
    const others = top.filter((name) => name !== self);
    const sharedOthers = others.filter((name) => shared.includes(name));
    const areaOthers = others.filter((name) => areas.includes(name));
    return `^(\\.\\./)+(?:(${any(sharedOthers)})(/|$)|(${any(areaOthers)})(/(?!(${any(layers)})/)|$))`;
  };
  const moduleRules = (area) => ({
    files: [`${dir}/${area}/**/*.ts`],
    ignores: AREA_LAYERS.map((folder) => `${dir}/${area}/${folder}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${any(foldersIn(`${dir}/${area}`).filter((name) => !AREA_LAYERS.includes(name)))})(/|$)`,
              ...message(
                `A module of ${area}/ imports no other module: share through the area's rules/ or repositories/`,
              ),
            },
            {
              regex: otherTop(area, AREA_LAYERS),
              ...message(`A module of ${area}/ imports no module of another area or of what the areas share`),
            },
          ],
        },
      ],
    },
  });
  const layerRules = (area, folder, allowed, forbiddenBelow, what) => ({
    files: [`${dir}/${area}/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^\\.\\./(?!(${any(allowed)})/)[^./]`, ...message(`${area}/${folder}/ ${what}`) },
            {
              regex: `^\\.\\./\\.\\./(?!(${any(areas)})/(${any(allowed)})/)[^./]`,
              ...message(`${area}/${folder}/ ${what}`),
            },
            { regex: `^\\.\\./\\.\\./\\.\\./(${any(forbiddenBelow)})(/|$)`, ...message(`${area}/${folder}/ ${what}`) },
          ],
        },
      ],
    },
  });
  return [
    ...shared.map((name) => ({
      files: [`${dir}/${name}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: otherTop(name, AREA_LAYERS),
                ...message(`${name}/ imports no other module: it reads the areas' rules/ and repositories/ only`),
              },
            ],
          },
        ],
      },
    })),
    ...areas.flatMap((area) => [
      moduleRules(area),
      layerRules(
        area,
        'rules',
        AREA_LAYERS,
        ['plugins', 'modules', 'demo'],
        "holds an area's rules: it imports rules and repositories (its own area's or another's), the case engine and what is below it, no module",
      ),
      layerRules(
        area,
        'repositories',
        ['repositories'],
        ['lib', 'case', 'plugins', 'modules', 'demo'],
        "holds an area's rows: it imports the database, core/, the shared repositories/ and areas' repositories/, nothing else",
      ),
    ]),
  ];
};

// The web's business areas: each area's folder of features/ holds its features and, below them, the area's
// `components/`: the parts its own features and other areas' show (a plot's payments, an appeal's card). A feature
// imports no other feature, in its area or another, but any area's components; an area's components import no
// feature. Below the areas the shared components/, api/ and lib/ of src/, which import no feature.
const webAreas = (dir, extraPatterns) => {
  const top = foldersIn(dir);
  const areas = areaFolders(dir);
  const shared = top.filter((name) => !areas.includes(name));
  const any = (names) => names.join('|');
  const rule = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ...extraPatterns] }] },
  });
  // Another area's folder, its components excepted.
  const otherAreas = (self) => ({
    regex: `^(\\.\\./)+(${any(areas.filter((name) => name !== self))})(/(?!components/)|$)`,
    message: `A feature or an area's components import no feature of another area, only its components/ (eslint.config.js, webAreas).`,
  });
  const sharedFeatures = (self) => ({
    regex: `^(\\.\\./)+(${any(shared.filter((name) => name !== self))})(/|$)`,
    message: 'A feature imports no other feature; share through a common layer instead (eslint.config.js, webAreas).',
  });
  return [
    ...shared.map((name) => rule([`${dir}/${name}/**/*.{ts,tsx}`], [sharedFeatures(name), otherAreas(name)])),
    ...areas.flatMap((area) => {
      const features = foldersIn(`${dir}/${area}`).filter((name) => name !== 'components');
      const siblings = (self) => ({
        regex: `^(\\.\\./)+(${any(features.filter((name) => name !== self))})(/|$)`,
        message: `A feature of ${area}/ imports no other feature: share through ${area}/components/ (eslint.config.js, webAreas).`,
      });
      return [
        ...features.map((feature) =>
          rule(
            [`${dir}/${area}/${feature}/**/*.{ts,tsx}`],
            [siblings(feature), sharedFeatures(area), otherAreas(area)],
          ),
        ),
        rule(
          [`${dir}/${area}/components/**/*.{ts,tsx}`],
          [siblings(undefined), sharedFeatures(area), otherAreas(area)],
        ),
      ];
    }),
  ];
};

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
  ...webAreas('apps/web/src/features', [noApiImports]),
  {
    files: ['apps/web/src/{components,lib,api}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message: "The web's shared components, api/ and lib/ sit below every feature: they import none.",
            },
            noApiImports,
          ],
        },
      ],
    },
  },
  ...apiAreas('apps/api/src/modules'),
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
