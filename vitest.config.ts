import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

/**
 * Six tiers, each its own project (and npm script): pure domain units, the SPA's components on a
 * DOM emulation (happy-dom) with the HTTP stubbed, handlers over HTTP on DynamoDB Local, CDK
 * template assertions, the synthesized Lambda bundles behind the local adapter, and browser
 * journeys in Chromium. The JSON report is what .ci/run counts.
 */
// The SPA's rules and components word their messages through its catalogs (compiled as the build does).
const catalogs = () => lingui({ configPath: fileURLToPath(new URL('./web/lingui.config.ts', import.meta.url)), failOnMissing: true });

export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./functions/contract', import.meta.url)) } },
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      { plugins: [catalogs()], test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
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
        },
      },
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
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000 } },
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
