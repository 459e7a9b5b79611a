/**
 * `npm test`: the five vitest projects in two lanes at once, each lane its own vitest process
 * over its own stack. Vitest itself runs projects whose files go one at a time in one lane, one
 * after another; the browser tier keeps Chromium busy while the others mostly wait on DynamoDB
 * Local, timers and their own stack, so side by side they share the machine's cores. Each lane's
 * output is printed whole when it ends (prefixed lines would interleave), and the two JSON reports
 * are merged into test-results/vitest.json, which .ci/run counts. With arguments, it is plain
 * `vitest run <arguments>` in one process.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const projectRoot = resolve(import.meta.dirname, '..');
const vitest = join(projectRoot, 'node_modules', 'vitest', 'vitest.mjs');
const results = join(projectRoot, 'test-results');

const lanes = [
  { name: 'browser', projects: ['browser'] },
  { name: 'servers', projects: ['unit', 'infra', 'integration', 'bundles'] },
];

const counts = [
  'numTotalTests',
  'numPassedTests',
  'numFailedTests',
  'numPendingTests',
  'numTodoTests',
  'numTotalTestSuites',
  'numPassedTestSuites',
  'numFailedTestSuites',
  'numPendingTestSuites',
] as const;

/** The part of vitest's JSON report that is summed or joined across lanes. */
type Report = { success: boolean; startTime: number; testResults: unknown[] } & Record<(typeof counts)[number], number>;

/** Runs vitest with these arguments; resolves with its exit code and, when `capture`, its output. */
function runVitest(args: string[], capture: boolean): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      cwd: projectRoot,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** One report of every lane's files, as if one vitest had run them all; a lane with no report fails it. */
function mergeReports(files: string[]): Report {
  const zero = Object.fromEntries(counts.map((key) => [key, 0])) as Record<(typeof counts)[number], number>;
  const merged: Report = { success: true, startTime: Date.now(), testResults: [], ...zero };
  for (const file of files) {
    let report: Report;
    try {
      report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    } catch {
      merged.success = false;
      continue;
    }
    merged.success &&= report.success;
    merged.startTime = Math.min(merged.startTime, report.startTime);
    for (const key of counts) merged[key] += report[key];
    merged.testResults.push(...report.testResults);
  }
  return merged;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 0) return (await runVitest(args, false)).code;

  mkdirSync(results, { recursive: true });
  const started = Date.now();
  const laneReports = lanes.map((lane) => join(results, `vitest-${lane.name}.json`));
  for (const file of laneReports) rmSync(file, { force: true });
  const codes = await Promise.all(
    lanes.map(async (lane, index) => {
      const projectArgs = lane.projects.flatMap((project) => ['--project', project]);
      const { code, output } = await runVitest([...projectArgs, '--outputFile.json', laneReports[index]!], true);
      process.stdout.write(`\n━━ ${lane.name} lane (${lane.projects.join(', ')}): exit ${code} ━━\n${output}`);
      return code;
    }),
  );
  const report = mergeReports(laneReports);
  writeFileSync(join(results, 'vitest.json'), JSON.stringify(report));
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `\n━━ all lanes: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numTotalTests} tests in ${seconds} s ━━`,
  );
  return codes.every((code) => code === 0) && report.success ? 0 : 1;
}

process.exitCode = await main();
