import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA's build: one lazily loaded chunk per route, a size report for the README's number. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // The wire types and rules the server shares with the SPA.
  resolve: { alias: { '@contract': fileURLToPath(new URL('../functions/contract', import.meta.url)) } },
  // The dev server reads only what the SPA is made of: never the project's other files, never .local/ (secrets, data).
  server: {
    fs: {
      strict: true,
      allow: [import.meta.dirname, fileURLToPath(new URL('../functions/contract', import.meta.url)), fileURLToPath(new URL('../node_modules', import.meta.url))],
      deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.local/**'],
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 250,
  },
});
