import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA's build: one lazily loaded chunk per route, a size report for the README's number. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    alias: [
      // The wire types and rules the server shares with the SPA.
      { find: '@contract', replacement: fileURLToPath(new URL('../functions/contract', import.meta.url)) },
      // react-toastify's main entry injects its CSS as an inline <style> at run time, which the
      // shop's CSP (no 'unsafe-inline') refuses; the unstyled entry plus its CSS file (main.tsx) does not.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  // The dev server reads only what the SPA is made of: never the project's other files, never .local/ (secrets, data).
  server: {
    fs: {
      strict: true,
      allow: [
        import.meta.dirname,
        fileURLToPath(new URL('../functions/contract', import.meta.url)),
        fileURLToPath(new URL('../node_modules', import.meta.url)),
      ],
      deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.local/**'],
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    // The entry (React, the router, SWR, the shell) is about 290 kB minified; its budget is gzip, checked by the bench.
    chunkSizeWarningLimit: 300,
    // Fonts are files, never data: URLs, which the shop's CSP (font-src 'self') refuses.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
});
