import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot, spawnStack } from './spawn-stack';

/**
 * Builds the SPA as it ships (production mode, whatever the test runner's NODE_ENV) into a
 * folder of its own, so that a developer's web/dist is never touched, then serves it.
 */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), 'storefront-web-'));
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(
    process.execPath,
    [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  const stack = await spawnStack('browser', { staticDir: outDir });
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
