import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { fallbackHandler, handlerModule, reconcilerJob, routes } from '../functions/routes';
import { esbuildOptions, functionsDir } from '../infra/bundling';

/**
 * `npm run bench:bundles`: bundles every route-table handler, the fallback and the reconciler with the Lambda
 * esbuild options (infra/bundling.ts), prints minified and gzip sizes, checks that each bundle
 * loads as an ES module, and fails when a bundle is over budget or does not load. The budget is
 * set from measured sizes (375–448 KB minified, 120–141 KB gzip, mostly the AWS SDK; zod alone
 * had added 375 KB, hence valibot) with some room; a bundle over it has grown a heavy dependency.
 */
const budgetKb = { minified: 500, gzip: 160 };

/** Bundles allowed more, each for a named reason. */
const budgetExceptionsKb: Record<string, { minified: number; gzip: number; why: string }> = {
  'admin/handlers/presign-upload.ts': { minified: 700, gzip: 210, why: 'the S3 client and presigned POST (about 175 KB) are what it is for' },
};
const budgetOf = (handler: string) => budgetExceptionsKb[handler] ?? budgetKb;

/** Each function's module, relative to functions/. */
const handlers = [...new Set([...routes.map((row) => handlerModule(row.handler)), handlerModule(fallbackHandler), reconcilerJob.module])];
const outDir = mkdtempSync(join(tmpdir(), 'bundle-report-'));
process.env.TABLE_NAME ??= 'bundle-report';
process.env.GATEWAY_URL ??= 'https://gateway.invalid';
process.env.ORIGIN_VERIFY_SECRET ??= 'bundle-report';
process.env.UPLOAD_BUCKET ??= 'bundle-report';

interface Row {
  handler: string;
  minifiedKb: number;
  gzipKb: number;
  loads: string;
  metafile: Metafile;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

try {
  const started = performance.now();
  const rows: Row[] = await Promise.all(
    handlers.map(async (handler) => {
      const outfile = join(outDir, `${handler.replace(/\//g, '--')}.mjs`);
      const { metafile } = await build({ ...esbuildOptions(join(functionsDir, handler), outfile), metafile: true });
      const code = readFileSync(outfile);
      return { handler, minifiedKb: kb(code.length), gzipKb: kb(gzipSync(code, { level: 9 }).length), loads: '', metafile };
    }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  // One at a time: a load failure (the ESM `require` banner, a top-level throw) names its bundle.
  for (const row of rows) {
    try {
      const module = (await import(pathToFileURL(join(outDir, `${row.handler.replace(/\//g, '--')}.mjs`)).href)) as { handler?: unknown };
      row.loads = typeof module.handler === 'function' ? 'yes' : 'no handler export';
    } catch (error) {
      row.loads = `fails: ${(error as Error).message.split('\n')[0]}`;
    }
  }

  rows.sort((a, b) => b.minifiedKb - a.minifiedKb);
  const width = Math.max(...rows.map((row) => row.handler.length), 'handler'.length);
  console.log(`${'handler'.padEnd(width)}  ${'min KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  loads`);
  for (const row of rows) {
    console.log(`${row.handler.padEnd(width)}  ${row.minifiedKb.toFixed(1).padStart(8)}  ${row.gzipKb.toFixed(1).padStart(8)}  ${row.loads}`);
  }
  const largest = rows[0]!;
  const maxGzip = Math.max(...rows.map((row) => row.gzipKb));
  console.log(`\n${rows.length} bundles in ${seconds} s; max ${largest.minifiedKb.toFixed(1)} KB minified, ${maxGzip.toFixed(1)} KB gzip`);
  console.log(`budget ${budgetKb.minified} KB minified, ${budgetKb.gzip} KB gzip per bundle`);
  for (const [handler, { minified, gzip, why }] of Object.entries(budgetExceptionsKb)) console.log(`  except ${handler}: ${minified} KB / ${gzip} KB (${why})`);
  console.log(`\nlargest packages in ${largest.handler}:`);
  for (const [name, bytes] of packageSizes(largest.metafile).slice(0, 8)) {
    console.log(`  ${name.padEnd(40)} ${kb(bytes).toFixed(1).padStart(8)} KB`);
  }

  const over = rows.filter((row) => row.minifiedKb > budgetOf(row.handler).minified || row.gzipKb > budgetOf(row.handler).gzip);
  const broken = rows.filter((row) => row.loads !== 'yes');
  for (const row of over) console.error(`OVER BUDGET: ${row.handler}`);
  for (const row of broken) console.error(`DOES NOT LOAD: ${row.handler}: ${row.loads}`);
  process.exitCode = over.length > 0 || broken.length > 0 ? 1 : 0;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/** Output bytes per npm package (or `functions/` for our own code), largest first. */
function packageSizes(metafile: Metafile): [string, number][] {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const name = match?.[1] ?? input.split('/')[0]!;
      totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}
