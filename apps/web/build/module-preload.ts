import type { Plugin } from 'vite';

/*
 * Which dynamic imports Vite's preload helper gives <link rel=modulepreload> tags for their
 * dependencies (issue 27, bench/README.md). By default every `import()` of a chunk first adds one
 * link per chunk it depends on, at the moment it is called. The signed-in app's pages are imported
 * by React.lazy inside the render that paints the layout, so that render also added the opening
 * page's ~70 links (the jobs list's), each starting a fetch: about 90 ms of the longest task before
 * a signed-in page's first paint on this machine, for chunks that the browser's six connections
 * could not fetch sooner anyway.
 *
 * Only the app layout keeps its links: it is imported on its own at start-up (router.tsx
 * preloadOpening), while the main thread waits for the session, and its chunks are what the first
 * paint needs. Every other chunk is fetched as the browser meets its static imports: Rollup hoists
 * a chunk's transitive imports into it, so a page's dependencies are all asked for as soon as the
 * page's own chunk has arrived (one round trip later than with the links; on loopback the click
 * from the jobs list to the companies list showed its first row in 389 against 396 ms).
 */
const PRELOADED = /(^|\/)app\.layout-[\w-]+\.js$/;

export function modulePreload(): { plugin: Plugin; resolveDependencies: (filename: string, deps: string[]) => string[] } {
  let kept = 0;
  return {
    resolveDependencies: (filename, deps) => {
      if (!PRELOADED.test(filename)) return [];
      kept += 1;
      return deps;
    },
    plugin: {
      name: 'sunstamp-module-preload',
      apply: 'build',
      // Per output: the build writes twice (shell-chunks.ts), and each must keep the layout's links.
      renderStart() {
        kept = 0;
      },
      // A renamed layout would silently lose its links, and with them the first paint's parallel fetch.
      writeBundle() {
        if (kept === 0) throw new Error('module-preload: no dynamic import of the app layout (app.layout-*.js) was found to keep its preload links');
      },
    },
  };
}
