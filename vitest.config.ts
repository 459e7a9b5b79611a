import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

/**
 * Seven projects, each with its npm script: pure domain units, the SPA's components on a DOM
 * emulation (happy-dom) with the HTTP stubbed, handlers over HTTP on DynamoDB Local, CDK template
 * assertions, the synthesized Lambda bundles behind the local adapter, and browser journeys in
 * Chromium; each tier's files sit in one folder per area (test/<tier>/<area>/). The local
 * stand-ins' own tests sit beside them in scripts/local. The JSON report is what .ci/run counts.
 */
// The SPA's rules and components word their messages through its catalogs (compiled as the build does).
const catalogs = () => lingui({ configPath: fileURLToPath(new URL('./web/lingui.config.ts', import.meta.url)), failOnMissing: true });

export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./functions/contract', import.meta.url)) } },
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        plugins: [catalogs()],
        // Group 1, before the infra tier's group 2 (see there), on every core (vitest leaves one free by default).
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 1 }, maxWorkers: '100%' },
      },
      {
        // One component's logic (form rules, a status shown, formatting, a receipt's words) with its
        // data stubbed: milliseconds a test. What needs a real page stays in the browser tier.
        plugins: [catalogs()],
        // As the build resolves them (web/vite.config.ts).
        resolve: {
          alias: [
            { find: '@contract', replacement: fileURLToPath(new URL('./functions/contract', import.meta.url)) },
            { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
          ],
        },
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/support/component-setup.ts'],
          // Milliseconds alone; `npm test` runs them beside four lanes of stacks and browsers on two cores.
          testTimeout: 15_000,
          sequence: { groupOrder: 1 },
          maxWorkers: '100%',
        },
      },
      // The local stack's stand-ins (supplier, gateway, push, Telegram, the table guard…) checked against their specs.
      { test: { name: 'stand-ins', include: ['scripts/local/**/*.test.ts'], sequence: { groupOrder: 1 }, maxWorkers: '100%' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/integration-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One stack behind all files, and some tests close the shop for a moment: one file at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          // One synthesis for all its files (by construct), started at once and awaited where the templates load.
          globalSetup: ['test/support/infra-stack.ts'],
          // The files only read the templates: one worker loads CDK and them once for several files.
          isolate: false,
          // After unit and stand-ins (group 1), which test while the synthesis runs, instead of a worker waiting for it.
          sequence: { groupOrder: 2 },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'bundles',
          include: ['test/bundles/**/*.test.ts'],
          globalSetup: ['test/support/bundle-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One journey over one stack: in order.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/browser-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A state read after an action waits for it (expect.poll), as long as a loaded machine may need.
          expect: { poll: { timeout: 5_000 } },
          // One stack behind all files, and the console's tests close the shop and change popup 1 for a moment: one file at a time.
          fileParallelism: false,
          // One worker loads Playwright and the helpers once for every file (no file mocks a module).
          isolate: false,
        },
      },
    ],
  },
});
