/**
 * Synthesizes the app's stages for the infra tier, with cdk-nag, bundling skipped (the bundles are
 * the bundle tier's to build and test; the templates are the same). Run as a process of its own by
 * test/support/infra-stack.ts (`node --import tsx test/support/infra-synth.ts <dir> dev prod`), one
 * stage after the other (they share CDK's CloudFormation validator, whose start costs as much as a
 * stage), it writes each stage's cloud assembly to <dir>/cdk.out-<stage> and every template the
 * tests read to <dir>/stacks-<stage>.json (written last, whole: its presence means done), or the
 * failure to <dir>/failed-<stage>.txt.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, NestedStack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { repoRoot } from '../../infra/bundling';
import { type StageName, stageConfig } from '../../infra/stage-config';
import { addStage } from '../../infra/stages';
import type { TemplateJson } from './nested-stacks';

/** A nested stack: its construct path (`Storefront-dev/Alarms`), its parent's stack name, its resource's logical id there, its template. */
export interface NestedStackJson {
  path: string;
  parent: string;
  logicalId: string;
  template: TemplateJson;
}

/** What one stage's synthesis leaves for the tests: its templates and the facts of its stacks. */
export interface SynthesizedStage {
  edge: TemplateJson;
  shop: TemplateJson;
  alarms: TemplateJson;
  backupCopy?: TemplateJson;
  backupCopyEnv?: { account?: string; region?: string };
  stackNames: string[];
  terminationProtection: boolean[];
  envs: { account?: string; region?: string }[];
  /** Every stack template of the stage's cloud assembly, by stack name. */
  assembly: Record<string, TemplateJson>;
  /** Every nested stack of the stage (each a template file of its own in the assembly). */
  nested: NestedStackJson[];
}

/** The contents of stacks-<stage>.json. */
export interface Synthesized {
  stage: SynthesizedStage;
  /** The inline script of the web build's index.html, whose hash the CSP carries. */
  inlineScript: string;
  seconds: number;
}

function synthesize(workDir: string, stage: StageName): Synthesized {
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const committed = (key: string) => cdkJson.context[key];
  const inlineScript = "document.documentElement.dataset.ready = '1';";
  const webDir = join(workDir, `web-${stage}`);
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(
    join(webDir, 'index.html'),
    `<!doctype html><title>shop</title><style>body{margin:0}</style><script>${inlineScript}</script><script type="module" src="/assets/index-abc123.js"></script>`,
  );
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  mkdirSync(join(webDir, 'images'));
  writeFileSync(join(webDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(webDir, 'manifest.json'), '{"name":"shop"}');

  const started = performance.now();
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] }, outdir: join(workDir, `cdk.out-${stage}`) });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const { config } = stageConfig(stage, committed);
  const { edge, shop, alarms, backupCopy } = addStage(app, { stage, config, webAssetsDir: webDir });
  // Synthesizes with cdk-nag: any finding neither fixed nor acknowledged with a reason fails here.
  const assembly = app.synth();
  const json = (stack: Parameters<typeof Template.fromStack>[0]) => Template.fromStack(stack).toJSON() as TemplateJson;
  const synthesized: SynthesizedStage = {
    edge: json(edge),
    shop: json(shop),
    alarms: json(alarms),
    backupCopy: backupCopy && json(backupCopy),
    backupCopyEnv: backupCopy && { account: backupCopy.account, region: backupCopy.region },
    stackNames: [edge, shop, alarms].map((stack) => stack.stackName),
    terminationProtection: [edge, shop, alarms].map((stack) => stack.terminationProtection),
    envs: [edge, shop, alarms].map((stack) => ({ account: stack.account, region: stack.region })),
    assembly: Object.fromEntries(assembly.stacks.map((artifact) => [artifact.stackName, artifact.template as TemplateJson])),
    nested: app.node
      .findAll()
      .filter(NestedStack.isNestedStack)
      .map((nested) => {
        const parent = nested.nestedStackParent!;
        return {
          path: nested.node.path,
          parent: parent.stackName,
          logicalId: parent.getLogicalId(nested.nestedStackResource!),
          template: json(nested),
        };
      }),
  };
  return { stage: synthesized, inlineScript, seconds: (performance.now() - started) / 1000 };
}

const [workDir, ...stages] = process.argv.slice(2) as [string?, ...StageName[]];
if (!workDir || stages.length === 0) throw new Error('usage: infra-synth.ts <dir> <stage>…');
for (const stage of stages) {
  try {
    const synthesized = synthesize(workDir, stage);
    writeFileSync(join(workDir, `stacks-${stage}.json.part`), JSON.stringify(synthesized));
    renameSync(join(workDir, `stacks-${stage}.json.part`), join(workDir, `stacks-${stage}.json`));
  } catch (error) {
    writeFileSync(join(workDir, `failed-${stage}.txt`), error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  }
}
