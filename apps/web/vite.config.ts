import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.plugin.ts';
import { shellChunks } from './build/shell-chunks.ts';
import { modulePreload } from './build/module-preload.ts';

const shell = shellChunks();
const preload = modulePreload();

// The API serves dist/ as the single-page app in production (one origin, strict CSP);
// in development Vite serves the app and forwards /api (including the SSE stream) to the API.
export default defineConfig({
  // precompress: brotli and gzip files beside every text asset, served as they are by the API.
  plugins: [react(), precompress(), shell.plugin, preload.plugin],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-bundle.mjs reads the manifest to measure the JS the first page load needs.
    manifest: true,
    // Preload links for the app layout's chunks only, not for every page's (build/module-preload.ts).
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Two outputs: the first tells the second how Rollup alone would chunk the entry (build/shell-chunks.ts).
    rollupOptions: { output: shell.output },
  },
});
