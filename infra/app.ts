import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { repoRoot } from './bundling';
import { type StageName, StorefrontStack } from './storefront-stack';

/**
 * The CDK app: one stack per stage, chosen with `-c stage=dev|prod` (default dev). Other context:
 * gatewayUrl, googleClientId, apiRateLimit, apiBurstLimit, and awsEndpointUrl (only for synthesizing a
 * template that sam local runs against LocalStack).
 */
const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);
const positiveNumber = (key: string, fallback: number): number => {
  const value = Number(context(key) ?? fallback);
  if (!(value > 0)) throw new Error(`Context ${key} must be a positive number`);
  return value;
};

const stage = String(context('stage') ?? 'dev');
if (stage !== 'dev' && stage !== 'prod') throw new Error(`Unknown stage "${stage}": use -c stage=dev or -c stage=prod`);

const webAssetsDir = join(repoRoot, 'web', 'dist');
if (!existsSync(join(webAssetsDir, 'index.html')) || !existsSync(join(webAssetsDir, 'assets'))) {
  throw new Error(`No built SPA in ${webAssetsDir}: run npm run build:web first`);
}

new StorefrontStack(app, `Storefront-${stage}`, {
  description: `Storefront (${stage}): SPA, HTTP API and table`,
  stage: stage satisfies StageName,
  webAssetsDir,
  gatewayUrl: String(context('gatewayUrl') ?? 'https://sandbox.uddoktapay.com'),
  googleClientId: String(context('googleClientId') ?? ''),
  apiThrottle: {
    rateLimit: positiveNumber('apiRateLimit', 50),
    burstLimit: positiveNumber('apiBurstLimit', 100),
  },
  awsEndpointUrl: context('awsEndpointUrl') as string | undefined,
});
Tags.of(app).add('project', 'storefront');
Tags.of(app).add('stage', stage);
