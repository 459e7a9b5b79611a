import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot, spawnStack } from './spawn-stack';

/** Builds the SPA as it ships (production mode, whatever the test runner's NODE_ENV), then serves it. */
export default async function setup(project: TestProject) {
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  const stack = await spawnStack('browser', { staticWeb: true });
  project.provide('stack', stack.info);
  return stack.stop;
}
