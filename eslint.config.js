// ESLint for the whole repository: the rules of the house (DESIGN.md) that a reader should not have
// to police by hand. Four groups:
//  1. type-aware TypeScript rules that catch real bugs (a promise nobody awaits, an async function
//     where a callback's result is ignored, `await` on a value that is not a promise, …);
//  2. the architecture: import cycles (type-only imports included) and the layer zones below;
//  3. React's rules of hooks, and `process.env` read only by the API's config.ts;
//  4. sizes: files of at most 450 lines, functions of at most 80 (or a reason where one must be longer).
// `scripts/lint-rules.test.ts` shows each boundary rule catching a violation. docs/code-style.md
// explains where each rule lives and how to add one.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noImportCycle from './scripts/eslint/no-import-cycle.mjs';

const root = import.meta.dirname;

// ---------------------------------------------------------------------------------------------
// Layer zones (import-x/no-restricted-paths). Paths are relative to this file. Each zone says who
// may not import what, and why, in its message.
const api = 'apps/api/src';
const web = 'apps/web/src';
const featuresDir = path.join(root, web, 'features');
const webFeatures = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const modulesDir = path.join(root, api, 'modules');
const apiModules = fs.existsSync(modulesDir)
  ? fs.readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const zones = [
  {
    // Test files may build the app; everything else under these folders may not.
    target: [`${api}/{modules,platform,db}/**/!(*.test).ts`],
    from: [`${api}/app.ts`, `${api}/main.ts`, `${api}/serve.ts`, `${api}/server.ts`],
    message: 'Services, platform and db code never import the app: take what you need from context.ts (AppContext, or a Pick of it).',
  },
  {
    target: `${api}/db`,
    from: `${api}/modules`,
    message: 'db/** (schema, seeds, clients) never imports modules/**: move the shared rule to packages/domain.',
  },
  {
    target: `${api}/modules/**/*.routes.ts`,
    from: `${api}/modules/**/*.repository.ts`,
    message: 'Routes never import repositories: call a service, which holds the rules and calls the repository.',
  },
  {
    target: 'packages',
    from: 'apps',
    message: 'Packages never import apps: apps depend on packages, never the reverse.',
  },
  {
    target: 'apps/web',
    from: 'apps/api',
    message: 'The web never imports the API: share shapes through packages/domain contracts.',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'components/ and lib/ are shared by every feature and never import features/ or app/.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'app/ composes the features (router, layouts, guards) and nothing imports it: move what a feature needs to lib/ or components/.',
  },
  ...webFeatures.map((f) => ({
    target: `${web}/features/${f}`,
    from: `${web}/features`,
    except: [`./${f}`],
    message: `A web feature never imports another feature (here: features/${f}). Move what both need to lib/, components/ or packages/domain.`,
  })),
  // An API module is reached from another module only through its public face, `<module>.api.ts`
  // (the functions, types and events it offers); its services, repositories, caches and hooks are
  // its own. Tests may reach further, as they may build the app.
  ...apiModules.map((m) => ({
    target: `${api}/modules/!(${m})/**/!(*.test).ts`,
    from: `${api}/modules/${m}`,
    except: [`./${m}.api.ts`],
    message: `Another module is reached only through its face: import modules/${m}/${m}.api.ts (export what you need there), never its other files. Pieces every module uses belong in platform/.`,
  })),
];

// Packages the web may not import (it talks to the API over HTTP only) and the one package of ours
// it may import.
const webForbiddenImports = {
  patterns: [
    { group: ['@sunstamp/*', '!@sunstamp/domain', '!@sunstamp/domain/**'], message: 'The web imports only @sunstamp/domain of our packages.' },
    { group: ['drizzle-orm', 'drizzle-orm/**', 'pg', 'pg-*', '@electric-sql/**', 'node:*'], message: 'The web never imports server or database code.' },
  ],
};
// The web calls the API through the typed endpoints of lib/api (getEndpoint/sendEndpoint: the URL
// written once, body and answer typed by the domain contracts). The client itself is the transport
// of lib/api and of the few helpers that need it raw: the session (sign-in, sign-out, tokens),
// uploads with progress, downloads and the live-event stream. Tests may build their own client.
const rawApiClient = {
  regex: '(^|/)api-client(\\.ts)?$',
  importNames: ['apiClient', 'ApiClient'],
  message: 'Call the API through a typed endpoint of lib/api (getEndpoint/fetchEndpoint, sendEndpoint/callEndpoint) with the domain contracts, not through apiClient.',
};
const webFeatureImports = { patterns: [...webForbiddenImports.patterns, rawApiClient] };
const rawApiClientAllowed = [
  `${web}/lib/api/**`,
  `${web}/lib/api-client.ts`,
  `${web}/lib/session/session.provider.tsx`,
  `${web}/lib/upload-with-progress.ts`,
  `${web}/lib/download.ts`,
  `${web}/lib/event-stream.ts`,
  `${web}/main.tsx`,
  `${web}/**/*.test.{ts,tsx}`,
];
const domainForbiddenImports = {
  patterns: [
    { group: ['@sunstamp/*', '!@sunstamp/domain', '!@sunstamp/domain/**'], message: 'packages/domain imports no other package of ours.' },
    { group: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:https', 'fs', 'net', 'http', 'https'], message: 'packages/domain is pure: no file system or network (the web runs it too).' },
  ],
};
const packageForbiddenImports = {
  patterns: [{ group: ['@sunstamp/api', '@sunstamp/api/**', '@sunstamp/web', '@sunstamp/web/**'], message: 'Packages never import apps.' }],
};

// `process.env` is read in one place, apps/api/src/config.ts, which turns it into a typed Config
// that everything else receives. Allowed too: test harnesses and test files (which database to use),
// scripts, benchmarks, the browser tests, and the tools' own config files (vite, vitest, drizzle, build).
const processEnvRule = [
  'error',
  { object: 'process', property: 'env', message: 'Read settings through Config (apps/api/src/config.ts), the one place that reads process.env.' },
];
const processEnvAllowed = [
  `${api}/config.ts`,
  `${api}/test/**`,
  '**/*.test.ts',
  '**/*.test.tsx',
  'scripts/**',
  'bench/**',
  'e2e/**',
  '*.config.{ts,js,mjs}',
  'apps/*/*.config.{ts,js,mjs}',
  'apps/*/build.mjs',
];

// Who may do what is decided by the pure policies in packages/domain/src/policies (the roles table
// of decisions.md), used by the API and the web alike; an app comparing a role with a literal is
// writing a second copy of a policy.
const roleCheckMessage = 'No inline role checks: ask a policy from @sunstamp/domain/policies (the roles table lives there once).';
const roleSides = ['property.name', 'name', 'expression.property.name'];
const inlineRoleCheck = [
  'error',
  ...['left', 'right'].flatMap((side) =>
    roleSides.map((attr) => ({
      selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.${attr}='role'][${side === 'left' ? 'right' : 'left'}.type='Literal']`,
      message: roleCheckMessage,
    })),
  ),
  ...roleSides.map((attr) => ({
    selector: `CallExpression[callee.property.name='includes'][callee.object.type='ArrayExpression'][arguments.0.${attr}='role']`,
    message: roleCheckMessage,
  })),
];

// Type-aware rules chosen for the bugs they catch, not for style. Each is an error.
const typeAwareRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  // JSX handlers are left out: `onSubmit={handleSubmit(save)}` is react-hook-form's own pattern and
  // React ignores the returned promise by design; everywhere else a promise where a void callback is
  // expected (setTimeout, an event emitter, an options object) is an error.
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/return-await': ['error', 'in-try-catch'],
  '@typescript-eslint/only-throw-error': 'error',
  '@typescript-eslint/prefer-promise-reject-errors': 'error',
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/no-implied-eval': 'error',
  '@typescript-eslint/no-array-delete': 'error',
  '@typescript-eslint/no-misused-spread': 'error',
  '@typescript-eslint/no-duplicate-type-constituents': 'error',
  '@typescript-eslint/restrict-plus-operands': ['error', { allowNumberAndString: true }],
  '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
};

// Plain rules that flag code that is almost always a mistake.
const bugRules = {
  'no-async-promise-executor': 'error',
  'no-compare-neg-zero': 'error',
  'no-cond-assign': 'error',
  'no-constant-binary-expression': 'error',
  'no-constant-condition': ['error', { checkLoops: false }],
  'no-control-regex': 'error',
  'no-debugger': 'error',
  'no-dupe-else-if': 'error',
  'no-duplicate-case': 'error',
  'no-empty-pattern': 'error',
  'no-fallthrough': 'error',
  'no-loss-of-precision': 'error',
  'no-self-assign': 'error',
  'no-self-compare': 'error',
  'no-sparse-arrays': 'error',
  'no-unsafe-finally': 'error',
  'no-unsafe-optional-chaining': 'error',
  'no-unused-private-class-members': 'error',
  'use-isnan': 'error',
  'valid-typeof': 'error',
  'no-var': 'error',
};

// Sizes (issue 28): a hand-written file holds at most 450 lines, counted as `wc -l` counts them (blank
// lines and comments included), and a function at most 80 lines of code (blank lines and comments not
// counted). Data and checks are not units to split: tests, fixtures and test harnesses, seeds, tables
// (*.table.ts, tables/), data files (*.data.ts) and migrations are exempt. A function that must stay
// longer says why on the line above it:
//   // eslint-disable-next-line max-lines-per-function -- <the reason, specific to this function>
const sizeRules = {
  'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }],
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
};
const sizeExempt = [
  '**/*.test.{ts,tsx}',
  '**/*.spec.{ts,tsx}',
  '**/test/**',
  '**/fixtures/**',
  '**/*.fixtures.ts',
  '**/seed/**',
  '**/*.seed.ts',
  '**/*.data.ts',
  '**/*.table.ts',
  '**/tables/**',
  '**/migrations/**',
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      `${api}/db/migrations/**`,
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: {
      '@typescript-eslint': tseslint.plugin,
      'import-x': importX,
      sunstamp: { rules: { 'no-import-cycle': noImportCycle } },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'apps/web/tsconfig.json'].map((p) => path.join(root, p)), noWarnOnMultipleProjects: true })],
    },
    rules: {
      ...bugRules,
      'sunstamp/no-import-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'no-restricted-properties': processEnvRule,
    },
  },
  // Type-aware rules on the TypeScript that a tsconfig covers (the root one, or apps/web's).
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: typeAwareRules,
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', webFeatureImports],
    },
  },
  {
    files: rawApiClientAllowed,
    rules: { 'no-restricted-imports': ['error', webForbiddenImports] },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', `${api}/test/**`],
    rules: { 'no-restricted-syntax': inlineRoleCheck },
  },
  {
    files: ['packages/domain/**/*.ts'],
    ignores: ['**/*.test.ts', '**/cli.ts'],
    rules: { 'no-restricted-imports': ['error', domainForbiddenImports] },
  },
  {
    files: ['packages/*/**/*.ts'],
    ignores: ['packages/domain/**'],
    rules: { 'no-restricted-imports': ['error', packageForbiddenImports] },
  },
  {
    files: ['apps/**/*.{ts,tsx,mts,js,mjs}', 'packages/**/*.{ts,tsx,mts,js,mjs}'],
    ignores: sizeExempt,
    rules: sizeRules,
  },
  {
    files: processEnvAllowed,
    rules: { 'no-restricted-properties': 'off' },
  },
);
