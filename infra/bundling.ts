import { join, resolve } from 'node:path';
import { Charset, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The repository root: the NodejsFunction project root, where package-lock.json lives. */
export const repoRoot = resolve(import.meta.dirname, '..');

/** Where handler modules live; route-table entries are relative to it. */
export const functionsDir = join(repoRoot, 'functions');

/**
 * ESM bundles that contain CommonJS dependencies (Middy's multipart parser) call `require` at load;
 * an ES module has none, so the banner defines one.
 */
const requireBanner =
  "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);";

/**
 * The one set of esbuild options for every Lambda bundle: ESM for Node 22, minified and
 * tree-shaken, with source maps (without embedded sources) and the AWS SDK bundled rather than
 * taken from the runtime. Local esbuild only; there is no Docker here.
 */
export const houseBundling = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: requireBanner,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  charset: Charset.UTF8,
  bundleAwsSDK: true,
  forceDockerBundling: false,
  esbuildArgs: { '--tree-shaking': 'true' },
} as const satisfies BundlingOptions;

/**
 * The same options for esbuild's JS API, for scripts that bundle outside CDK (the bundle report).
 * `bundleAwsSDK` means no externals.
 */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: houseBundling.format,
    target: houseBundling.target,
    mainFields: [...houseBundling.mainFields],
    banner: { js: houseBundling.banner },
    minify: houseBundling.minify,
    sourcemap: houseBundling.sourceMap,
    sourcesContent: houseBundling.sourcesContent,
    charset: houseBundling.charset,
    treeShaking: houseBundling.esbuildArgs['--tree-shaking'] === 'true',
    external: [],
    logLevel: 'warning',
  };
}
