import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { repoRoot } from './bundling';
import { siteFolders } from './security-headers';
import { stageConfig } from './stage-config';
import { addStage } from './stages';

/**
 * The CDK app: one stage, chosen with `-c stage=dev|prod` (default dev), with the settings
 * committed for it in cdk.json (`stages.<stage>`; `-c key=value` overrides one, and passes the
 * same checks). `awsEndpointUrl` is only for synthesizing a template that sam local runs against
 * LocalStack; `webAssetsDir` replaces web/dist. cdk-nag's AwsSolutions checks run on every synth.
 */
const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);
const { stage, config } = stageConfig(String(context('stage') ?? 'dev'), context);

// The bundle tier synthesizes with a stand-in SPA folder of its own (webAssetsDir).
const webAssetsDir = String(context('webAssetsDir') ?? join(repoRoot, 'web', 'dist'));
if (!['index.html', siteFolders.assets, siteFolders.images].every((entry) => existsSync(join(webAssetsDir, entry)))) {
  throw new Error(`No built SPA in ${webAssetsDir}: run npm run build:web first`);
}

addStage(app, { stage, config, webAssetsDir, awsEndpointUrl: context('awsEndpointUrl') as string | undefined });
Tags.of(app).add('project', 'storefront');
Tags.of(app).add('stage', stage);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
