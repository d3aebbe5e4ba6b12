import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/ as the single-page app in production (one origin, strict CSP);
// in development Vite serves the app and forwards /api (including the SSE stream) to the API.
export default defineConfig({
  plugins: [react()],
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
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
});
