import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { build } from 'esbuild';
import { type Plugin, defineConfig } from 'vite';
import { firstPageStarts, sharedChunks } from './first-page.ts';

/**
 * Builds the service worker (web/worker/service-worker.ts) into /sw.js beside the build's
 * index.html, with that build's app shell: `/` and every script, preloaded chunk and style sheet
 * index.html names (hashed names, known only once the bundle is written). A plugin rather than a
 * file in public/, because the shell's names change with every build; its own esbuild run rather
 * than a Rollup entry, because a worker is one classic script with no chunks and no hash in its name
 * (its address must stay /sw.js).
 */
function serviceWorker(): Plugin {
  return {
    name: 'storefront-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('The build has no index.html to take the app shell from');
      // Each file once: Cache.addAll refuses a list with a request twice (the build may preload the entry it also runs).
      const shell = [
        '/',
        ...new Set(
          [
            ...String(html.source).matchAll(
              /<(?:script[^>]*\bsrc|link[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref)="(\/assets\/[^"]+)"/g,
            ),
          ].map((match) => match[1]!),
        ),
      ];
      const worker = await build({
        entryPoints: [fileURLToPath(new URL('./worker/service-worker.ts', import.meta.url))],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        define: {
          shellFiles: JSON.stringify(shell),
          shellVersion: JSON.stringify(createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12)),
        },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.outputFiles[0]!.text });
    },
  };
}

const shared = sharedChunks();

/** The SPA's build: one lazily loaded chunk per route, a size report for the README's number. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Compiles each imported catalog; a message missing in one language fails the build.
    lingui({ configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)), failOnMissing: true, failOnCompileError: true }),
    shared.plugin,
    firstPageStarts(),
    serviceWorker(),
  ],
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
    rolldownOptions: { output: { codeSplitting: shared.groups } },
  },
});
