import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { transformSync } from 'esbuild';

/** One function as the local stack runs it: its module and the whole environment it gets. */
export interface LocalFunction {
  /** Names the function in logs and its Lambda context. */
  name: string;
  /** The bundle exporting `handler` (JavaScript: bundleSources' or cdk.out's). */
  module: string;
  environment: Record<string, string>;
  /** Lambda's timeout for it. */
  timeoutMs: number;
}

/**
 * The worker's own code (function-worker.ts) as CommonJS for an eval worker, compiled once: the
 * workers run without tsx's loader, which costs a function's first import 0.9 s of CPU even for
 * a bundle (measured); the modules they load are bundles (bundleSources, or cdk.out's).
 */
let workerSource: string | undefined;
const workerCode = () => {
  workerSource ??= transformSync(readFileSync(new URL('./function-worker.ts', import.meta.url), 'utf8'), {
    loader: 'ts',
    format: 'cjs',
  }).code;
  return workerSource;
};

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/**
 * Runs each function in a worker thread of its own, started on its first invocation, with only
 * the environment that function gets in the cloud: a module that reads a variable its route row
 * does not grant fails here as it would in Lambda.
 */
export class FunctionHost {
  private readonly workers = new Map<string, { worker: Worker; pending: Map<number, Pending> }>();
  private nextId = 1;

  /** Invokes a function with an event; rejects when the function throws or its worker dies. */
  invoke(fn: LocalFunction, event: unknown): Promise<unknown> {
    const { worker, pending } = this.workerFor(fn);
    const id = this.nextId++;
    const context = { functionName: fn.name, awsRequestId: randomUUID(), deadline: Date.now() + fn.timeoutMs };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, event, context });
    });
  }

  /** Stops every worker. */
  async stop(): Promise<void> {
    const running = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(running.map(({ worker }) => worker.terminate()));
  }

  private workerFor(fn: LocalFunction) {
    const known = this.workers.get(fn.name);
    if (known) return known;
    const worker = new Worker(workerCode(), { eval: true, env: fn.environment, workerData: { module: fn.module }, execArgv: [] });
    const pending = new Map<number, Pending>();
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const call = pending.get(id);
      pending.delete(id);
      if (error === undefined) call?.resolve(result);
      else call?.reject(new Error(`${fn.name}: ${error}`));
    });
    const fail = (error: Error) => {
      this.workers.delete(fn.name);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${fn.name}: worker exited with ${code}`)));
    worker.unref();
    const entry = { worker, pending };
    this.workers.set(fn.name, entry);
    return entry;
  }
}
