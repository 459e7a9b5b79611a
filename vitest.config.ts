import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

/**
 * Five tiers, each its own project (and npm script): pure domain units, handlers over HTTP on
 * DynamoDB Local, CDK template assertions, the synthesized Lambda bundles behind the local
 * adapter, and browser journeys in Chromium; each tier's files sit in one folder per area
 * (test/<tier>/<area>/). A sixth project holds the local stand-ins' own tests, beside them in
 * scripts/local. The JSON report is what .ci/run counts.
 */
export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./functions/contract', import.meta.url)) } },
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        // The SPA's rules word their messages through its catalogs (compiled as the build does).
        plugins: [lingui({ configPath: fileURLToPath(new URL('./web/lingui.config.ts', import.meta.url)), failOnMissing: true })],
        // Group 1, before the infra tier's group 2 (see there), on every core (vitest leaves one free by default).
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 1 }, maxWorkers: '100%' },
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
        },
      },
    ],
  },
});
