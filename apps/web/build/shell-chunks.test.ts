import { describe, expect, it } from 'vitest';
import { planOf, shellChunks, type Meta } from './shell-chunks.ts';

/** A module graph as Rollup's manualChunks sees it: each module's static and lazy imports, included (after tree-shaking) or not. */
function graph(edges: Record<string, string[]>, opts: { entry: string; excluded?: string[]; dynamic?: Record<string, string[]> }): Meta {
  const ids = new Set([...Object.keys(edges), ...Object.values(edges).flat(), ...Object.keys(opts.dynamic ?? {}), ...Object.values(opts.dynamic ?? {}).flat()]);
  return {
    getModuleIds: () => ids.values(),
    getModuleInfo: (id) => (ids.has(id) ? {
      importedIds: edges[id] ?? [],
      dynamicallyImportedIds: opts.dynamic?.[id] ?? [],
      isEntry: id === opts.entry,
      isIncluded: !(opts.excluded ?? []).includes(id),
    } : null),
  };
}

const R = '/repo/apps/web/';
const NM = '/repo/node_modules/';
const m = {
  main: `${R}src/main.tsx`,
  react: `${NM}react/index.js`,
  muiBarrel: `${NM}@mui/material/esm/index.js`,
  button: `${NM}@mui/material/esm/Button/Button.js`,
  grid: `${NM}@mui/material/esm/Grid/Grid.js`,
  tooltip: `${NM}@mui/material/esm/Tooltip/Tooltip.js`,
  avatarBarrel: `${NM}@mui/material/esm/Avatar/index.js`,
  avatar: `${NM}@mui/material/esm/Avatar/Avatar.js`,
  query: `${NM}@tanstack/query-core/build/modern/index.js`,
  reactQuery: `${NM}@tanstack/react-query/build/modern/index.js`,
  layout: `${R}src/app/layouts/app.layout.tsx`,
  provider: `${R}src/app/query.provider.tsx`,
  client: `${R}src/lib/query-client.ts`,
  publicLayout: `${R}src/app/layouts/public.layout.tsx`,
  authLayout: `${R}src/app/layouts/auth.layout.tsx`,
  displayName: `${R}src/lib/display-name.format.ts`,
  jobsPage: `${R}src/features/jobs/pages/jobs-list.page.tsx`,
  otherIndex: `${NM}@mui/utils/esm/index.js`,
  systemIndex: `${NM}@mui/system/esm/index.js`,
  labIndex: `${NM}@mui/lab/esm/index.js`,
  contactPage: `${R}src/features/marketing/pages/contact-us.page.tsx`,
  alert: `${NM}@mui/material/esm/Alert/Alert.js`,
  alertClasses: `${NM}@mui/material/esm/Alert/alertClasses.js`,
  errorIcon: `${NM}@mui/material/esm/internal/svg-icons/ErrorOutline.js`,
  closeIcon: `${NM}@mui/material/esm/internal/svg-icons/Close.js`,
  chip: `${NM}@mui/material/esm/Chip/Chip.js`,
};

const meta = graph({
  [m.main]: [m.react, m.muiBarrel],
  [m.muiBarrel]: [m.button, m.grid],
  [m.button]: [m.react],
  [m.layout]: [m.react, m.tooltip, m.avatarBarrel, m.displayName, m.otherIndex, m.systemIndex, m.labIndex, m.alert, m.chip],
  [m.alert]: [m.react, m.alertClasses, m.errorIcon, m.closeIcon],
  [m.chip]: [m.closeIcon],
  [m.avatarBarrel]: [m.avatar],
  [m.provider]: [m.reactQuery, m.client],
  [m.reactQuery]: [m.query, m.react],
  [m.client]: [m.query],
  [m.publicLayout]: [m.tooltip, m.button],
  [m.authLayout]: [m.button],
  [m.jobsPage]: [m.displayName, m.grid, m.otherIndex],
  [m.contactPage]: [m.displayName, m.avatarBarrel, m.systemIndex, m.labIndex, m.alert, m.chip],
}, { entry: m.main, excluded: [m.muiBarrel, m.avatarBarrel], dynamic: { [m.main]: [m.layout, m.provider, m.publicLayout, m.authLayout, m.jobsPage, m.contactPage] } });

describe('the shell chunks plan', () => {
  const plan = planOf(meta, new Set([m.main, m.react, m.button]));

  it('names the entry chunk\'s modules, and the barrels of its graph, `index`', () => {
    expect([m.main, m.react, m.button, m.muiBarrel].map((id) => plan.get(id))).toEqual(['index', 'index', 'index', 'index']);
  });

  it('gives what the entry\'s barrels reach but Rollup keeps out of the entry a chunk of its own', () => {
    expect(plan.get(m.grid)).toBe('Grid');
  });

  it('groups TanStack Query and the query client, what the open layouts share, and what only the shell imports', () => {
    expect([m.query, m.reactQuery, m.client].map((id) => plan.get(id))).toEqual(['query', 'query', 'query']);
    expect(plan.get(m.tooltip)).toBe('ui');
    // Behind sign-in only (the jobs page renders inside the layout, so the shell is there before it).
    expect(plan.get(m.otherIndex)).toBe('app-shell');
    // The roots, imported by the router, keep chunks of their own (their source names them in the manifest).
    expect([m.layout, m.provider].map((id) => plan.get(id))).toEqual(['app.layout', 'query.provider']);
  });

  it('leaves a module the shell shares with an open page a chunk of its own, with a name used once', () => {
    expect(plan.get(m.displayName)).toBe('display-name.format');
    expect([m.systemIndex, m.labIndex].map((id) => plan.get(id)).sort()).toEqual(['esm-index', 'esm-index-2']);
    expect(plan.get(m.avatar)).toBe('Avatar');
    // A barrel an open page reaches goes with what it re-exports (a chunk of its own would be empty).
    expect(plan.get(m.avatarBarrel)).toBe('Avatar');
    // (The barrel, and the modules that go with their one importer, below, share a name on purpose.)
    const names = [...plan.entries()].filter(([id, n]) => ![m.avatarBarrel, m.alertClasses, m.errorIcon].includes(id) && !['index', 'query', 'ui', 'app-shell'].includes(n)).map(([, n]) => n);
    expect(new Set(names).size).toBe(names.length);
  });

  it('puts a shared module that one other such module alone imports in that module\'s chunk', () => {
    // The Alert's classes and icon go with it (one request instead of three); the close icon, which
    // the Chip imports too, keeps its own.
    expect([m.alert, m.alertClasses, m.errorIcon].map((id) => plan.get(id))).toEqual(['Alert', 'Alert', 'Alert']);
    expect(plan.get(m.closeIcon)).toBe('Close');
    expect(plan.get(m.chip)).toBe('Chip');
  });

  it('names nothing outside the entry\'s graph and the shell (pages keep Rollup\'s chunks)', () => {
    expect(plan.has(m.jobsPage)).toBe(false);
    expect(plan.has(m.contactPage)).toBe(false);
    expect(plan.has(m.publicLayout)).toBe(false);
  });

  it('says which root it could not find', () => {
    const withoutLayout = graph({ [m.main]: [m.react] }, { entry: m.main });
    expect(() => planOf(withoutLayout, new Set([m.main]))).toThrow(/no module src\/app\/layouts\/app\.layout\.tsx/);
  });
});

describe('the two outputs', () => {
  it('the first informs the second and writes nothing; the manifest keeps only the second\'s files', () => {
    const { plugin, output } = shellChunks();
    const hook = plugin.generateBundle as { handler: (o: unknown, b: Record<string, unknown>) => void };
    const manualChunks = output[1]!.manualChunks as (id: string, meta: Meta) => string | undefined;
    expect(manualChunks(m.react, meta)).toBeUndefined(); // nothing known before the first output

    const first: Record<string, unknown> = {
      'assets/index-A.js': { type: 'chunk', isEntry: true, fileName: 'assets/index-A.js', modules: { [m.main]: {}, [m.react]: {}, [m.button]: {} } },
      'assets/Grid-B.js': { type: 'chunk', isEntry: false, fileName: 'assets/Grid-B.js', modules: { [m.grid]: {} } },
    };
    hook.handler({}, first);
    expect(first).toEqual({});
    expect(manualChunks(m.button, meta)).toBe('index');
    expect(manualChunks(m.tooltip, meta)).toBe('ui');

    const manifest = { 'src/main.tsx': { file: 'assets/index-C.js' }, '_Grid-B.js': { file: 'assets/Grid-B.js' } };
    const second: Record<string, { type: string; fileName: string; source?: string }> = {
      'assets/index-C.js': { type: 'chunk', fileName: 'assets/index-C.js' },
      '.vite/manifest.json': { type: 'asset', fileName: '.vite/manifest.json', source: JSON.stringify(manifest) },
    };
    hook.handler({}, second);
    expect(Object.keys(second)).toEqual(['assets/index-C.js', '.vite/manifest.json']);
    expect(JSON.parse(second['.vite/manifest.json']!.source!)).toEqual({ 'src/main.tsx': { file: 'assets/index-C.js' } });
  });
});
