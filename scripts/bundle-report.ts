import { rmSync } from 'node:fs';
import { measureBundles } from './bench/bundles';
import { kib } from './bench/stats';

/**
 * `npm run bench:bundles`: the bundle part of `npm run bench` alone (scripts/bench/bundles.ts).
 * Bundles every function with the Lambda esbuild options (infra/bundling.ts), prints minified and
 * gzip sizes, the heavy packages each carries, and the import cost of one fresh `node` process per
 * bundle (median of three; which also checks that each loads as Lambda loads it); fails when a bundle is over budget
 * or does not load. The budget was set from measured sizes (375–448 KB minified, 120–141 KB gzip,
 * mostly the AWS SDK) with some room: a bundle over it has grown a heavy dependency.
 */
const budgetKb = { minified: 500, gzip: 160 };

/** Bundles allowed more, each for a named reason. */
const budgetExceptionsKb: Record<string, { minified: number; gzip: number; why: string }> = {
  'admin/handlers/presign-upload.ts': {
    minified: 600,
    gzip: 180,
    why: 'the S3 client and presigned POST (about 175 KiB) are what it is for',
  },
};
const budgetOf = (module: string) => budgetExceptionsKb[module] ?? budgetKb;

const report = await measureBundles({ importRuns: 3 });
try {
  const rows = [...report.functions].sort((a, b) => b.minifiedBytes - a.minifiedBytes);
  const width = Math.max(...rows.map((row) => row.module.length));
  console.log(
    `${'function'.padEnd(width)}  ${'min KiB'.padStart(8)}  ${'gzip KiB'.padStart(8)}  ${'import ms'.padStart(9)}  heavy packages (KiB; * = never run by it)`,
  );
  for (const row of rows) {
    const heavy = Object.entries(row.heavy).map(
      ([name, bytes]) => `${name} ${kib(bytes)}${(row.unused as string[]).includes(name) ? '*' : ''}`,
    );
    const loads = row.importError ? `fails: ${row.importError}` : String(row.importMs);
    console.log(
      `${row.module.padEnd(width)}  ${kib(row.minifiedBytes).toFixed(1).padStart(8)}  ${kib(row.gzipBytes).toFixed(1).padStart(8)}  ${loads.padStart(9)}  ${heavy.join(', ')}`,
    );
  }
  console.log(
    `\n${rows.length} bundles in ${report.buildSeconds} s; import cost: median of 3 runs each over a bare node (${report.bareNodeMs} ms; npm run bench takes 5)`,
  );
  console.log(`budget ${budgetKb.minified} KiB minified, ${budgetKb.gzip} KiB gzip per bundle`);
  for (const [module, { minified, gzip, why }] of Object.entries(budgetExceptionsKb))
    console.log(`  except ${module}: ${minified} KiB / ${gzip} KiB (${why})`);
  const over = rows.filter(
    (row) => kib(row.minifiedBytes) > budgetOf(row.module).minified || kib(row.gzipBytes) > budgetOf(row.module).gzip,
  );
  const broken = rows.filter((row) => row.importError);
  for (const row of over) console.error(`OVER BUDGET: ${row.module}`);
  for (const row of broken) console.error(`DOES NOT LOAD: ${row.module}: ${row.importError}`);
  process.exitCode = over.length > 0 || broken.length > 0 ? 1 : 0;
} finally {
  rmSync(report.outDir, { recursive: true, force: true });
}
