import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { placeholderSettings, stageConfig } from '../infra/stage-config';

/**
 * `npm run deploy:check -- --stage prod`: run before `cdk deploy`. Refuses a stage whose settings
 * are missing, malformed, sandbox-like (prod) or still the committed placeholders, naming each.
 */
const { values } = parseArgs({ options: { stage: { type: 'string', default: 'dev' } } });
const stage = values.stage!;
const cdkJson = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
const context = (key: string) => cdkJson.context?.[key];

try {
  const { config } = stageConfig(stage, context);
  const problems = placeholderSettings(config);
  if (problems.length > 0) {
    console.error(`Stage ${stage} is not ready to deploy (cdk.json "stages.${stage}"):\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  console.log(`Stage ${stage} is ready to deploy to account ${config.account} in ${config.region} (${config.siteUrl}).`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
