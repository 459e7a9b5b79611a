import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromiumFlags, chromiumPath } from '../local/chromium';
import { projectRoot } from './paths';
import { median, round } from './stats';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** The element Lighthouse found as the largest paint, when it names one. */
  lcpElement?: string;
  /** The element whose shift counted most in CLS, with its share, when anything shifted. */
  largestShift?: string;
  /** What the LCP discovery insight found wrong (not discoverable in the HTML, no fetchpriority, lazy). */
  lcpDiscoveryFailures: string[];
  /** What the page logged as errors (failed requests included), as the best-practices audit lists them. */
  consoleErrors: string[];
  /** Audits that kept a category under 100, with their titles (accessibility, best practices, SEO). */
  failedAudits: string[];
}

export interface LighthouseRoute {
  path: string;
  runs: LighthouseRun[];
  /** Medians of the runs. */
  median: Omit<LighthouseRun, 'lcpElement' | 'failedAudits' | 'lcpDiscoveryFailures' | 'consoleErrors' | 'largestShift'>;
  largestShift?: string;
  consoleErrors: string[];
  lcpElement?: string;
  lcpDiscoveryFailures: string[];
  failedAudits: string[];
  errors: string[];
}

export interface LighthouseReport {
  version: string;
  runsPerRoute: number;
  chromiumFlags: string[];
  routes: LighthouseRoute[];
  /** The reference page's label among the routes, and the shop's paths it was measured beside. */
  reference?: { label: string; comparedPaths: string[] };
}

interface Lhr {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; details?: { items?: LhrListItem[] } }
  >;
}

/** An item of an insight's list: a table or checklist, or the node it is about. */
interface LhrListItem {
  type?: string;
  selector?: string;
  snippet?: string;
  items?: Record<string, { label: string; value: boolean }> | unknown[];
}

const run = promisify(execFile);

/** One Lighthouse run (mobile, default simulated throttling) in Debian's Chromium, through its CLI. */
async function lighthouseOnce(
  url: string,
  outputFile: string,
  origin: string,
  browserLanguage = 'en-US',
): Promise<{ run: LighthouseRun; version: string }> {
  const cli = join(projectRoot, 'node_modules', 'lighthouse', 'cli', 'index.js');
  await run(
    process.execPath,
    [
      cli,
      url,
      // The browser's language is what a first visit's language follows (web/src/lib/i18n.ts).
      `--chrome-flags=${[...chromiumFlags, `--lang=${browserLanguage}`, `--accept-lang=${browserLanguage}`].join(' ')}`,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${outputFile}`,
      '--quiet',
      '--max-wait-for-load=45000',
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const lhr = JSON.parse(readFileSync(outputFile, 'utf8')) as Lhr;
  rmSync(outputFile, { force: true });
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    if (value === null || value === undefined) throw new Error(`no ${category} score`);
    return Math.round(value * 100);
  };
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  // Lighthouse 13 names the LCP element in its LCP insights, and says what delayed its discovery.
  const lcpNode = ['lcp-breakdown-insight', 'lcp-discovery-insight']
    .flatMap((id) => lhr.audits[id]?.details?.items ?? [])
    .find((item) => item.type === 'node');
  const discovery = (lhr.audits['lcp-discovery-insight']?.details?.items ?? []).find((item) => item.type === 'checklist')?.items;
  const lcpDiscoveryFailures =
    discovery && !Array.isArray(discovery)
      ? Object.values(discovery)
          .filter((check) => !check.value)
          .map((check) => check.label)
      : [];
  const failedAudits = categories
    .filter((category) => category !== 'performance')
    .flatMap((category) =>
      lhr.categories[category]!.auditRefs.filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
        .map((audit) => `${category}: ${audit.title}`),
    );
  return {
    version: lhr.lighthouseVersion,
    run: {
      scores: Object.fromEntries(categories.map((category) => [category, score(category)])) as Record<Category, number>,
      lcpMs: round(numeric('largest-contentful-paint'), 0),
      cls: round(numeric('cumulative-layout-shift'), 3),
      tbtMs: round(numeric('total-blocking-time'), 0),
      fcpMs: round(numeric('first-contentful-paint'), 0),
      lcpElement: lcpNode?.selector ?? lcpNode?.snippet,
      lcpDiscoveryFailures,
      largestShift: largestShift(lhr),
      consoleErrors: (lhr.audits['errors-in-console']?.details?.items ?? []).map((item) => {
        const error = item as { description?: string; sourceLocation?: { url?: string } };
        return `${error.description ?? 'error'}${error.sourceLocation?.url ? ` (${error.sourceLocation.url.replace(origin, '')})` : ''}`;
      }),
      failedAudits,
    },
  };
}

/** A page to measure: the shop's path, or the reference page, where it is served, and the browser's language (English when absent). */
export interface LighthouseTarget {
  label: string;
  url: string;
  browserLanguage?: string;
}

/**
 * Lighthouse mobile for each target, `runs` times (the targets in turn each time, so that a slow
 * moment of the machine touches all alike), medians per label. A label may come more than once
 * in a turn (the reference page after each route it is compared with): its runs are pooled.
 */
export async function measureLighthouse(options: {
  targets: LighthouseTarget[];
  runs: number;
  workDir: string;
  log: (line: string) => void;
}): Promise<LighthouseReport> {
  mkdirSync(options.workDir, { recursive: true });
  const labels = [...new Set(options.targets.map((target) => target.label))];
  const byPath = new Map(labels.map((label) => [label, { runs: [] as LighthouseRun[], errors: [] as string[] }]));
  let version = '';
  for (let attempt = 1; attempt <= options.runs; attempt += 1) {
    for (const { label: path, url, browserLanguage } of options.targets) {
      const entry = byPath.get(path)!;
      try {
        const result = await lighthouseOnce(url, join(options.workDir, `lighthouse-${attempt}.json`), new URL(url).origin, browserLanguage);
        version = result.version;
        entry.runs.push(result.run);
        const { scores, lcpMs, cls, tbtMs } = result.run;
        options.log(
          `lighthouse ${path} run ${attempt}: ${scores.performance}/${scores.accessibility}/${scores['best-practices']}/${scores.seo}, LCP ${lcpMs} ms, CLS ${cls}, TBT ${tbtMs} ms`,
        );
      } catch (error) {
        const message = (error as Error).message.split('\n')[0]!;
        entry.errors.push(message);
        options.log(`lighthouse ${path} run ${attempt} failed: ${message}`);
      }
    }
  }
  const routes = labels.map((path): LighthouseRoute => {
    const { runs, errors } = byPath.get(path)!;
    const med = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
    return {
      path,
      runs,
      median: {
        scores: Object.fromEntries(categories.map((category) => [category, med((r) => r.scores[category])])) as Record<Category, number>,
        lcpMs: round(
          med((r) => r.lcpMs),
          0,
        ),
        cls: round(
          med((r) => r.cls),
          3,
        ),
        tbtMs: round(
          med((r) => r.tbtMs),
          0,
        ),
        fcpMs: round(
          med((r) => r.fcpMs),
          0,
        ),
      },
      lcpElement: mostCommon(runs.map((r) => r.lcpElement).filter((element): element is string => element !== undefined)),
      largestShift: mostCommon(runs.map((r) => r.largestShift).filter((shift): shift is string => shift !== undefined)),
      lcpDiscoveryFailures: [...new Set(runs.flatMap((r) => r.lcpDiscoveryFailures))],
      consoleErrors: [...new Set(runs.flatMap((r) => r.consoleErrors))],
      failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
      errors,
    };
  });
  return { version, runsPerRoute: options.runs, chromiumFlags, routes };
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The `layout-shifts` audit's element with the highest score: `selector (score)`. */
function largestShift(lhr: Lhr): string | undefined {
  const items = (lhr.audits['layout-shifts']?.details?.items ?? []) as { node?: { selector?: string }; score?: number }[];
  const top = [...items].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0];
  return top?.node?.selector && top.score ? `${top.node.selector} (${round(top.score, 3)})` : undefined;
}
