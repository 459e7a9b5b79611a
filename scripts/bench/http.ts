import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { stopChild } from '../local/child';
import { median, round } from './stats';

export interface LoadFigures {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface HttpReport {
  /** What the read is and what answers it, for the report. */
  label: string;
  servedBy: string;
  path: string;
  responseBytes: number;
  /** Headers the stack answered (and the bare server repeats). */
  headers: Record<string, string>;
  stack: LoadFigures;
  bare: LoadFigures;
  /** The same read one request at a time: the latency a shopper sees when nothing else runs. */
  stackSequential: LoadFigures;
  /** stack req/s ÷ bare req/s, median of the paired rounds. */
  ratio: number;
  rounds: { stack: LoadFigures; bare: LoadFigures }[];
}

/** Headers that belong to the connection, not to the answer. */
const hopHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * A bare `node:http` server in a process of its own that answers every request with exactly
 * these status, headers and body bytes: what the stack's answer would cost with no adapter,
 * no function and no database behind it.
 */
async function startBareServer(status: number, headers: Record<string, string>, body: Buffer) {
  const script = `
    const http = require('node:http');
    const { status, headers, body } = JSON.parse(process.env.BARE_ANSWER);
    const bytes = Buffer.from(body, 'base64');
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(status, { ...headers, 'content-length': bytes.length }).end(bytes));
    });
    server.keepAliveTimeout = 5000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
    process.on('SIGTERM', () => server.close(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, BARE_ANSWER: JSON.stringify({ status, headers, body: body.toString('base64') }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the bare server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => done(Number(line)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** One autocannon run. */
async function load(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10 });
  return {
    connections,
    seconds,
    requestsPerSecond: round(result.requests.total / result.duration, 1),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const medianOf = (runs: LoadFigures[]): LoadFigures => ({
  ...runs[0]!,
  requestsPerSecond: round(median(runs.map((run) => run.requestsPerSecond)), 1),
  p50Ms: round(median(runs.map((run) => run.p50Ms)), 1),
  p90Ms: round(median(runs.map((run) => run.p90Ms)), 1),
  p99Ms: round(median(runs.map((run) => run.p99Ms)), 1),
  maxMs: Math.max(...runs.map((run) => run.maxMs)),
  requests: runs.reduce((sum, run) => sum + run.requests, 0),
  non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
});

/**
 * The stack against a bare server answering the same bytes, `rounds` times in turn (each after a
 * short warm-up), at `connections` concurrent connections; then the stack one request at a time.
 */
export async function compareWithBareServer(options: {
  label: string;
  servedBy: string;
  stackUrl: string;
  path: string;
  connections: number;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<HttpReport> {
  const target = `${options.stackUrl}${options.path}`;
  const answer = await fetch(target, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 200) throw new Error(`${options.path} answered ${answer.status}`);
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => !hopHeaders.has(name)));
  const bare = await startBareServer(answer.status, headers, body);
  try {
    const warmUp = Math.min(3, options.seconds);
    await load(target, options.connections, warmUp);
    await load(`${bare.url}${options.path}`, options.connections, warmUp);
    const rounds: { stack: LoadFigures; bare: LoadFigures }[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      const stack = await load(target, options.connections, options.seconds);
      const bareRun = await load(`${bare.url}${options.path}`, options.connections, options.seconds);
      rounds.push({ stack, bare: bareRun });
      options.log(
        `${options.label} round ${round}: stack ${stack.requestsPerSecond} req/s (p99 ${stack.p99Ms} ms), bare ${bareRun.requestsPerSecond} req/s (p99 ${bareRun.p99Ms} ms)`,
      );
    }
    const stackSequential = await load(target, 1, options.seconds);
    options.log(`${options.label}, one at a time: p50 ${stackSequential.p50Ms} ms, p99 ${stackSequential.p99Ms} ms`);
    return {
      label: options.label,
      servedBy: options.servedBy,
      path: options.path,
      responseBytes: body.length,
      headers,
      stack: medianOf(rounds.map((r) => r.stack)),
      bare: medianOf(rounds.map((r) => r.bare)),
      stackSequential,
      ratio: round(median(rounds.map((r) => r.stack.requestsPerSecond / r.bare.requestsPerSecond)), 3),
      rounds,
    };
  } finally {
    await bare.stop();
  }
}
