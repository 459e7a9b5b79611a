import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * The infra tier's global setup: one synthesis of the app for all its files (dev then prod, in one
 * process of its own: test/support/infra-synth.ts), started here and not awaited, so that the other
 * projects of the same run (unit, stand-ins) test meanwhile; the infra files wait for it where they
 * load the templates (test/support/infra-templates.ts). Provides its folder as `infraDir`.
 */
export default function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'storefront-infra-'));
  const started = performance.now();
  // CDK's and cdk-nag's warnings go to a log of their own, which a failed synthesis shows.
  const log = openSync(join(workDir, 'synth.log'), 'w');
  const synth = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'infra-synth.ts'), workDir, 'dev', 'prod'], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((done) => synth.on('exit', () => done()));
  void exited.then(() => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`infra: synthesized dev and prod (with cdk-nag, bundling skipped) once, in ${seconds} s`);
  });
  project.provide('infraDir', workDir);
  return async () => {
    if (synth.exitCode === null && synth.signalCode === null) synth.kill();
    await exited;
    rmSync(workDir, { recursive: true, force: true });
  };
}
