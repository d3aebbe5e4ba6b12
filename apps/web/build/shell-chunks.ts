import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/*
 * Fewer requests before the signed-in layout paints (issue 27, bench/README.md). Left to Rollup,
 * the app layout and the query provider came as ~45 chunks (one per MUI component they share with
 * other pages, ten for TanStack Query). Each costs the browser a request and a
 * <link rel=modulepreload> added by Vite's preload helper, and on a cold load of /jobs they were
 * most of the wait between the entry and the layout's paint.
 *
 * Here the modules the signed-in shell (the app layout, the query provider, the query client)
 * needs beyond the entry are grouped:
 *   - `query`: TanStack Query and the query client, which the home and content pages do not load;
 *   - `ui`: what the shell shares with the open pages' layouts (MUI components they load anyway);
 *   - `app-shell`: what only the shell and the signed-in pages import (those pages render inside
 *     the app layout, so the shell is always loaded before them);
 *   - anything else the shell shares with a page that loads without it (an open page) keeps a
 *     chunk of its own, as Rollup would give it, so no open page loads the shell's code.
 *
 * Rollup pulls a manual chunk's unnamed static dependencies into it, which would move React and
 * MUI's core out of the entry into `ui`. So every module of the entry's static graph is named as
 * well: those Rollup keeps in the entry chunk as `index`, the others (what the entry's barrel
 * imports reach but only lazy chunks use, e.g. MUI's Grid) a chunk of their own each. Which
 * modules Rollup keeps in the entry is known only after chunking, so the build writes twice: a
 * first output, chunked by Rollup alone and not written, says which modules its entry chunk holds;
 * the second, the one written, is chunked by the plan below.
 */

type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean; isIncluded: boolean | null };
export type Meta = { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => ModuleInfo | null };

const SHELL_ROOTS = ['src/app/layouts/app.layout.tsx', 'src/app/query.provider.tsx', 'src/lib/query-client.ts'];
const OPEN_LAYOUTS = ['src/app/layouts/public.layout.tsx', 'src/app/layouts/auth.layout.tsx'];
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/]query-client\.ts$/;
/** The feature pages behind sign-in: each renders inside the app layout, so the shell is loaded before it. */
export const SIGNED_IN_SOURCE = /features\/(jobs|analytics|content|users|companies|catalogue|requirements|designs|planset|letters|engineers|back-office|site-alerts|wet-stamps|messages\/pages\/inbox)\//;

export function shellChunks(): { plugin: Plugin; output: Rollup.OutputOptions[] } {
  /** The modules of the entry chunk as Rollup alone makes it: set by the first output. */
  let entryChunk: Set<string> | undefined;
  let plan: Map<string, string> | undefined;
  const plugin: Plugin = {
    name: 'sunstamp-shell-chunks',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      entryChunk = undefined;
      plan = undefined;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (entryChunk) {
          dropFirstOutputFromManifest(bundle);
          return;
        }
        entryChunk = new Set(Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? Object.keys(c.modules) : [])));
        if (entryChunk.size === 0) throw new Error('shell-chunks: the first output has no entry chunk');
        // The first output only informs the second: nothing of it is written.
        for (const file of Object.keys(bundle)) delete bundle[file];
      },
    },
  };
  const manualChunks: Rollup.ManualChunksOption = (id, meta) => {
    if (!entryChunk) return undefined;
    plan ??= planOf(meta as unknown as Meta, entryChunk);
    return plan.get(id);
  };
  return { plugin, output: [{}, { manualChunks }] };
}

/** The chunk of each module the plan names (exported for its test). */
export function planOf(meta: Meta, entryChunk: Set<string>): Map<string, string> {
  const ids = [...meta.getModuleIds()];
  const posix = (id: string) => id.split(path.sep).join('/');
  const find = (suffix: string) => {
    const found = ids.find((i) => posix(i).endsWith(suffix));
    if (!found) throw new Error(`shell-chunks: no module ${suffix} in the build (renamed? update apps/web/build/shell-chunks.ts)`);
    return found;
  };
  /** Every module reached from `roots` through static imports, and through the lazy imports `lazy` keeps. */
  const closure = (roots: string[], lazy: (id: string) => boolean = () => false) => {
    const seen = new Set<string>();
    const todo = [...roots];
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = meta.getModuleInfo(id);
      todo.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []).filter(lazy));
    }
    return seen;
  };
  // A chunk of its own per module: a name used once (the same name twice would make one chunk).
  const taken = new Set(['index', 'query', 'ui', 'app-shell']);
  const ownChunk = (id: string) => {
    const parts = id.replace(/\?.*$/, '').split(/[\\/]/);
    const file = parts.at(-1)!.replace(/\.[^.]+$/, '');
    const base = (file === 'index' ? `${parts.at(-2)}-index` : file).replace(/[^\w.-]/g, '_');
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    return name;
  };
  const entries = ids.filter((i) => meta.getModuleInfo(i)?.isEntry);
  const entryGraph = closure(entries);
  const roots = new Set(SHELL_ROOTS.map(find));
  const [layout] = roots; // the first root: the app layout
  const shell = closure([...roots]);
  const open = closure(OPEN_LAYOUTS.map(find));
  const plan = new Map<string, string>();
  // What the entry's graph holds that Rollup keeps out of the entry chunk: re-exporting barrels with
  // no code of their own go with the entry (they add nothing to it and end the pull there), the
  // rest gets a chunk of its own.
  for (const id of entryGraph) plan.set(id, entryChunk.has(id) || !meta.getModuleInfo(id)?.isIncluded ? 'index' : ownChunk(id));
  // What a page can load without the shell: the entry's graph and every lazy import from it, except
  // the app layout and the signed-in feature pages, which only ever load after the shell. Nothing
  // of that may land in `app-shell`, or an open page would load the shell's code with it.
  const withoutShell = closure(entries, (d) => d !== layout && !SIGNED_IN_SOURCE.test(posix(d)));
  /** The shell's modules that an open page shares, each given a chunk of its own below. */
  const own = new Set<string>();
  for (const id of shell) {
    if (entryChunk.has(id)) continue;
    if (QUERY.test(id)) plan.set(id, 'query');
    else if (open.has(id)) plan.set(id, 'ui');
    // The roots keep a chunk of their own each, named by its source in Vite's manifest (the
    // first-load browser test reads it there).
    else if (!withoutShell.has(id) && !roots.has(id)) plan.set(id, 'app-shell');
    else if (meta.getModuleInfo(id)?.isIncluded && !plan.has(id)) {
      plan.set(id, ownChunk(id));
      own.add(id);
    }
  }
  // Of those chunks of their own, a module that one other such module alone imports goes with it:
  // MUI's Alert, its classes and its four icons were six requests before the signed-in layout could
  // paint, though whoever loads one of them loads them all. A module loaded lazily somewhere keeps
  // its chunk, as do the roots.
  const importers = new Map<string, Set<string>>();
  const lazyTargets = new Set<string>();
  for (const id of ids) {
    const info = meta.getModuleInfo(id);
    if (!info?.isIncluded) continue;
    for (const d of info.importedIds) importers.set(d, (importers.get(d) ?? new Set()).add(id));
    for (const d of info.dynamicallyImportedIds) lazyTargets.add(d);
  }
  for (let moved = true; moved;) {
    moved = false;
    for (const id of own) {
      const by = [...(importers.get(id) ?? [])];
      if (by.length !== 1 || !own.has(by[0]!) || roots.has(id) || lazyTargets.has(id) || plan.get(by[0]!) === plan.get(id)) continue;
      plan.set(id, plan.get(by[0]!)!);
      moved = true;
    }
  }
  // A re-exporting barrel an open page reaches has no code of its own: a chunk of its own would be
  // empty (and still fetched), so it goes with what it re-exports.
  for (const id of shell) {
    if (plan.has(id)) continue;
    const target = meta.getModuleInfo(id)?.importedIds.find((d) => plan.has(d));
    plan.set(id, target ? plan.get(target)! : 'index');
  }
  return plan;
}

/**
 * Vite's manifest gathers every output's chunks and is written with the last one: the entries of
 * the first output's chunks, which were never written, are dropped from it.
 */
function dropFirstOutputFromManifest(bundle: Rollup.OutputBundle) {
  const manifest = Object.values(bundle).find((f) => f.type === 'asset' && f.fileName.endsWith('manifest.json'));
  if (!manifest || manifest.type !== 'asset') return;
  const entries = JSON.parse(String(manifest.source)) as Record<string, { file: string }>;
  manifest.source = JSON.stringify(Object.fromEntries(Object.entries(entries).filter(([, e]) => e.file in bundle)), undefined, 2);
}
