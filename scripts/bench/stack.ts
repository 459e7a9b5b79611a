import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopChild } from '../local/child';
import { type RunningStack, newSupplierCredentials, supplierEnvironment } from '../local/domain-env';
import { projectRoot } from './paths';

/** What the bench knows of the running stack (the ready line of `npm start -- --json`) and the secrets it handed it. */
export interface BenchStack extends RunningStack {
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the local stack exactly as `npm start -- --memory --static <dir>` does (fresh in-memory
 * DynamoDB Local, free ports, the built SPA served as CloudFront serves it), in a process of its
 * own so that the load generator never shares its event loop. Its output (every function's log
 * line) goes straight to `logFile`, not through this process. `tuning` adds variables the stack
 * reads (its jobs' timers, the tuning variables of its functions).
 */
export async function startBenchStack(staticDir: string, logFile: string, tuning: Record<string, string> = {}): Promise<BenchStack> {
  const masterSecret = randomBytes(32).toString('base64url');
  const gatewayApiKey = randomBytes(24).toString('base64url');
  const supplierCredentials = newSupplierCredentials('storefront-bench');
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--memory', '--json', '--static', staticDir], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      APP_MASTER_SECRET: masterSecret,
      GATEWAY_API_KEY: gatewayApiKey,
      SUPPLIER_URL: '',
      ...supplierEnvironment(supplierCredentials),
      ...tuning,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('{"ready"'));
    if (line) {
      const ready = (
        JSON.parse(line) as { ready: Omit<BenchStack, 'masterSecret' | 'gatewayApiKey' | 'supplierCredentials' | 'pid' | 'stop'> }
      ).ready;
      return { ...ready, masterSecret, gatewayApiKey, supplierCredentials, pid: child.pid!, stop: () => stopChild(child) };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`The local stack did not start; see ${logFile}`);
    }
    await sleep(200);
  }
}
