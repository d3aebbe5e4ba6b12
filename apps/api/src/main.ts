import module from 'node:module';

/*
 * The server's entry (`node apps/api/dist/main.js`). On Node 22.1 and later, Node keeps the compiled
 * code of the server's modules on disk and a restart reads it back instead of compiling them again
 * (on Node 22 a restart measured 852–893 ms with it, 894–948 ms without; issue 27, bench/README.md). It
 * must be switched on before those modules load, so they are imported from here, after it. Node 20
 * has no such cache and starts as before. NODE_COMPILE_CACHE, when set, chooses the folder.
 */
(module as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache?.();
await import('./serve.ts');
