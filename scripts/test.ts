/**
 * `npm test`: the six vitest projects in lanes at once, each lane its own vitest process over its
 * own stack. Most of a test's time is spent waiting (on DynamoDB Local, timers, polls, Chromium), so
 * lanes side by side keep both cores busy: the integration and browser tiers' files are dealt into
 * two lanes each (longest first, by the last run's times in test-results/vitest.json, else by the
 * times committed in test/lane-seconds.json, which a clean clone has, else by file size), and unit, component, stand-ins, infra and bundles share one. A lane never shares a stack, so no test sees another
 * lane's shop closed or supplier down. Each lane's output is printed whole when it ends (prefixed
 * lines would interleave), and the lanes' JSON reports are merged into test-results/vitest.json,
 * which .ci/run counts. With arguments, it is plain `vitest run <arguments>` in one process.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const projectRoot = resolve(import.meta.dirname, '..');
const vitest = join(projectRoot, 'node_modules', 'vitest', 'vitest.mjs');
const results = join(projectRoot, 'test-results');
const laneSecondsFile = join(projectRoot, 'test', 'lane-seconds.json');

/** A vitest process: its projects and, where a tier is dealt into lanes, its share of the tier's files. */
interface Lane {
  name: string;
  projects: string[];
  files?: string[];
}

/** The tiers dealt into several lanes, and how many. */
const dealt = { integration: 2, browser: 2 } as const;

/**
 * Each test file's seconds, by its path from the project root: the last run's where this checkout
 * has one, else a full run's as committed (`npm test -- --save-lane-seconds` after a full run).
 */
function lastRunSeconds(): Map<string, number> {
  const committed = JSON.parse(readFileSync(laneSecondsFile, 'utf8')) as Record<string, number>;
  const seconds = new Map(Object.entries(committed));
  try {
    const report = JSON.parse(readFileSync(join(results, 'vitest.json'), 'utf8')) as {
      testResults: { name: string; startTime: number; endTime: number }[];
    };
    for (const file of report.testResults) seconds.set(relative(projectRoot, file.name), (file.endTime - file.startTime) / 1000);
  } catch {
    // No run yet in this checkout: the committed times alone.
  }
  return seconds;
}

/** A tier's files dealt into `count` lanes of about equal time, the longest first into the lightest lane. */
function deal(tier: string, count: number, seconds: Map<string, number>): string[][] {
  const dir = join('test', tier);
  const files = (readdirSync(join(projectRoot, dir), { recursive: true }) as string[])
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(dir, name));
  // Without a last run, a file's size stands for its time (bytes to seconds only orders them).
  const weight = (file: string) => seconds.get(file) ?? statSync(join(projectRoot, file)).size / 1000;
  const lanes = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  for (const file of files.sort((a, b) => weight(b) - weight(a))) {
    const lightest = lanes.reduce((best, lane) => (lane.total < best.total ? lane : best));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return lanes.map((lane) => lane.files).filter((laneFiles) => laneFiles.length > 0);
}

function plannedLanes(): Lane[] {
  const seconds = lastRunSeconds();
  return [
    ...Object.entries(dealt).flatMap(([tier, count]) =>
      deal(tier, count, seconds).map((files, index) => ({ name: `${tier}-${index + 1}`, projects: [tier], files })),
    ),
    { name: 'servers', projects: ['unit', 'component', 'stand-ins', 'infra', 'bundles'] },
  ];
}

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
type Report = { success: boolean; startTime: number; testResults: FileResult[] } & Record<(typeof counts)[number], number>;

/** One test file's part of the report: its status and its tests'. */
interface FileResult {
  name: string;
  status: string;
  assertionResults: { fullName: string; status: string }[];
}

/** Runs vitest with these arguments (in lane `lane`, if any); resolves with its exit code and, when `capture`, its output. */
function runVitest(args: string[], capture: boolean, lane?: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      cwd: projectRoot,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: lane ? { ...process.env, TEST_LANE: lane } : process.env,
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

/** Commits the last full run's times of the dealt tiers' files as the weights a clean clone deals by. */
function saveLaneSeconds(): number {
  const seconds = lastRunSeconds();
  const dealtFiles = [...seconds.keys()].filter((file) => Object.keys(dealt).some((tier) => file.startsWith(`test/${tier}/`)));
  const rounded = Object.fromEntries(dealtFiles.sort().map((file) => [file, Math.round(seconds.get(file)!)]));
  writeFileSync(laneSecondsFile, `${JSON.stringify(rounded, null, 2)}\n`);
  console.log(`${dealtFiles.length} files' times written to ${relative(projectRoot, laneSecondsFile)}`);
  return 0;
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--save-lane-seconds') return saveLaneSeconds();
  if (args.length > 0) return (await runVitest(args, false)).code;

  mkdirSync(results, { recursive: true });
  const lanes = plannedLanes();
  const started = Date.now();
  const laneReports = lanes.map((lane) => join(results, `vitest-${lane.name}.json`));
  for (const file of laneReports) rmSync(file, { force: true });
  const codes = await Promise.all(
    lanes.map(async (lane, index) => {
      const projectArgs = lane.projects.flatMap((project) => ['--project', project]);
      const { code, output } = await runVitest(
        [...projectArgs, ...(lane.files ?? []), '--outputFile.json', laneReports[index]!],
        true,
        lane.name,
      );
      const laneSeconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n━━ ${lane.name} lane (${lane.projects.join(', ')}): exit ${code} after ${laneSeconds} s ━━\n${output}`);
      return code;
    }),
  );
  const report = mergeReports(laneReports);
  writeFileSync(join(results, 'vitest.json'), JSON.stringify(report));
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `\n━━ all lanes: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numTotalTests} tests in ${seconds} s ━━`,
  );
  // Last, so that a log cut to its tail still names what failed.
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) console.log(`failed to load: ${relative(projectRoot, file.name)}`);
    for (const test of failed) console.log(`failed: ${relative(projectRoot, file.name)} > ${test.fullName}`);
  }
  return codes.every((code) => code === 0) && report.success ? 0 : 1;
}

process.exitCode = await main();
