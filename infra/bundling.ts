import { join, resolve } from 'node:path';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
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

/** The SDK's default credential chain, replaced in the bundles by the environment provider alone (functions/platform/env-credentials.ts). */
const credentialAlias = { '@aws-sdk/credential-provider-node': join(functionsDir, 'platform/env-credentials.ts') };

/**
 * The one set of esbuild options for every Lambda bundle: ESM for Node 22, minified and
 * tree-shaken, with source maps (without embedded sources) and the AWS SDK bundled rather than
 * taken from the runtime, its credential chain cut to the environment provider. Local esbuild
 * only; there is no Docker here.
 */
export const houseBundling = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: requireBanner,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  bundleAwsSDK: true,
  forceDockerBundling: false,
  logLevel: LogLevel.WARNING,
  // CDK 2.276 accepts `charset` but never passes it to esbuild, hence the raw flag.
  esbuildArgs: {
    '--tree-shaking': 'true',
    '--charset': 'utf8',
    ...Object.fromEntries(Object.entries(credentialAlias).map(([name, path]) => [`--alias:${name}`, path])),
  },
} as const satisfies BundlingOptions;

/**
 * The same options for esbuild's JS API, for scripts that bundle outside CDK (the bundle report,
 * the local stack), which name their own entries and output folder. `bundleAwsSDK` means no externals.
 */
export const lambdaEsbuildOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: houseBundling.format,
  target: houseBundling.target,
  mainFields: [...houseBundling.mainFields],
  banner: { js: houseBundling.banner },
  minify: houseBundling.minify,
  sourcemap: houseBundling.sourceMap,
  sourcesContent: houseBundling.sourcesContent,
  charset: houseBundling.esbuildArgs['--charset'],
  treeShaking: houseBundling.esbuildArgs['--tree-shaking'] === 'true',
  external: [],
  alias: credentialAlias,
  logLevel: houseBundling.logLevel,
};
