import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { functionGrantsOf } from '../../functions/routes/grants';
import { jobs, streamConsumers } from '../../functions/routes/jobs';
import { repoRoot } from '../../infra/bundling';
import { defaultSmsUrl, defaultSupplierUrl, mailDomainOf, placeholderSettings, stageConfig } from '../../infra/stage-config';
import {
  assemblies,
  built,
  cdkJson,
  committed,
  committedStage,
  dev,
  houseFunctions,
  resources,
  stages,
  workDir,
} from '../support/infra-templates';

describe('stages', () => {
  it('are pinned to their account and region (the edge stacks to us-east-1), prod with termination protection', () => {
    for (const stage of stages) {
      const { config } = stageConfig(stage, committed);
      expect(built[stage].stackNames).toEqual([`Storefront-${stage}-waf`, `Storefront-${stage}`, `Storefront-${stage}-edge-alarms`]);
      expect(built[stage].envs).toEqual([
        { account: config.account, region: 'us-east-1' },
        { account: config.account, region: config.region },
        { account: config.account, region: 'us-east-1' },
      ]);
      expect(built[stage].terminationProtection).toEqual([stage === 'prod', stage === 'prod', stage === 'prod']);
    }
  });

  it('refuse to synthesize prod with a sandbox gateway, a missing setting or a plain-http site, committed or given with -c', () => {
    const withOverrides = (overrides: Record<string, unknown>) => (key: string) => (key in overrides ? overrides[key] : committed(key));
    expect(() => stageConfig('prod', committed)).not.toThrow();
    expect(() => stageConfig('prod', withOverrides({ gatewayUrl: 'https://sandbox.uddoktapay.com' }))).toThrow(/looks like a sandbox/);
    const stages = committed('stages') as Record<string, Record<string, unknown>>;
    const { googleClientId: _dropped, ...withoutClient } = stages.prod!;
    expect(() => stageConfig('prod', withOverrides({ stages: { ...stages, prod: withoutClient } }))).toThrow(/googleClientId is missing/);
    expect(() => stageConfig('prod', withOverrides({ siteUrl: 'http://shop.example.com' }))).toThrow(/siteUrl must be an https origin/);
    expect(() => stageConfig('prod', withOverrides({ siteUrl: 'https://shop.example.com' }))).toThrow(/certificateArn/);
    expect(() => stageConfig('dev', withOverrides({ gatewayUrl: 'https://sandbox.uddoktapay.com' }))).not.toThrow();
    expect(() => stageConfig('prod', withOverrides({ mailFrom: 'TopUp Bazar' }))).toThrow(/mailFrom must be an e-mail address/);
    expect(mailDomainOf('TopUp Bazar <No-Reply@Shop.Example.com>')).toBe('shop.example.com');
    expect(mailDomainOf('no-reply@shop.example.com')).toBe('shop.example.com');
  });

  it('synthesize with the committed placeholders, which `npm run deploy:check` refuses by name (run as an operator runs it)', () => {
    expect(placeholderSettings(committedStage('prod')).map((problem) => problem.split(' ')[0])).toEqual([
      'account',
      'siteUrl',
      'gatewayUrl',
      'googleClientId',
      'mailFrom',
      'alarmEmail',
    ]);
    const ready = {
      ...committedStage('prod'),
      account: '123456789012',
      siteUrl: 'https://d111111abcdef8.cloudfront.net',
      gatewayUrl: 'https://pay.topupbazar.com.bd',
      googleClientId: '1234-abc.apps.googleusercontent.com',
      mailFrom: 'TopUp Bazar <no-reply@topupbazar.com.bd>',
      alarmEmail: 'alarms@topupbazar.com.bd',
    };
    expect(placeholderSettings(ready)).toEqual([]);
    const run = spawnSync('npm', ['run', '--silent', 'deploy:check', '--', '--stage', 'prod'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME! },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Stage prod is not ready to deploy');
    expect(run.stderr).toContain('gatewayUrl is still the placeholder');
  });

  it('open checkouts at UddoktaPay unless the stage names another gateway, given with its base URL, never a sandbox for prod', () => {
    const withOverrides = (overrides: Record<string, unknown>) => (key: string) => (key in overrides ? overrides[key] : committed(key));
    expect(stageConfig('prod', committed).config).toMatchObject({ paymentGateway: 'uddoktapay', gatewayUrls: {} });
    const second = withOverrides({ paymentGateway: 'sslcommerz', gatewayUrls: '{"sslcommerz":"https://securepay.sslcommerz.com/"}' });
    expect(stageConfig('prod', second).config).toMatchObject({
      paymentGateway: 'sslcommerz',
      gatewayUrls: { sslcommerz: 'https://securepay.sslcommerz.com' },
    });
    expect(() => stageConfig('dev', withOverrides({ paymentGateway: 'sslcommerz' }))).toThrow(/paymentGateway "sslcommerz"/);
    expect(() => stageConfig('prod', withOverrides({ gatewayUrls: { sslcommerz: 'https://sandbox.sslcommerz.com' } }))).toThrow(
      /gatewayUrls.sslcommerz .* looks like a sandbox/,
    );
    expect(() => stageConfig('dev', withOverrides({ gatewayUrls: { uddoktapay: 'https://pay.example.org' } }))).toThrow(
      /gatewayUrls names/,
    );
  });

  it('take the supplier from the stage, Digiflazz when it names none, and refuse a stand-in supplier or lookup for prod', () => {
    const withOverrides = (overrides: Record<string, unknown>) => (key: string) => (key in overrides ? overrides[key] : committed(key));
    expect(stageConfig('prod', committed).config).toMatchObject({ supplierUrl: defaultSupplierUrl, playerLookupUrl: '' });
    expect(stageConfig('dev', withOverrides({ supplierUrl: 'https://supplier.example.org/' })).config.supplierUrl).toBe(
      'https://supplier.example.org',
    );
    expect(() => stageConfig('prod', withOverrides({ supplierUrl: 'http://127.0.0.1:4010' }))).toThrow(/supplierUrl/);
    expect(() => stageConfig('prod', withOverrides({ supplierUrl: 'https://supplier-staging.example.org' }))).toThrow(
      /looks like a sandbox/,
    );
    expect(() => stageConfig('prod', withOverrides({ playerLookupUrl: 'https://lookup.test' }))).toThrow(
      /playerLookupUrl .* looks like a sandbox/,
    );
    expect(() => stageConfig('prod', withOverrides({ playerLookupUrl: 'https://lookup.shop.com' }))).not.toThrow();
    expect(() => stageConfig('dev', withOverrides({ playerLookupUrl: 'https://lookup.test' }))).not.toThrow();
  });

  it('take the SMS provider from the stage, sms.net.bd when it names none, and refuse a stand-in or a path for prod', () => {
    const withOverrides = (overrides: Record<string, unknown>) => (key: string) => (key in overrides ? overrides[key] : committed(key));
    expect(stageConfig('prod', committed).config).toMatchObject({ smsUrl: defaultSmsUrl, smsProvider: 'smsnetbd' });
    expect(stageConfig('dev', withOverrides({ smsUrl: 'https://sms.example.org/' })).config.smsUrl).toBe('https://sms.example.org');
    expect(() => stageConfig('dev', withOverrides({ smsUrl: 'https://api.sms.net.bd/sendsms' }))).toThrow(/smsUrl must be an https origin/);
    expect(() => stageConfig('prod', withOverrides({ smsUrl: 'http://127.0.0.1:4020' }))).toThrow(/smsUrl/);
    expect(() => stageConfig('prod', withOverrides({ smsUrl: 'https://sms.test' }))).toThrow(/smsUrl .* looks like a sandbox/);
    expect(() => stageConfig('dev', withOverrides({ smsProvider: 'SMS Net' }))).toThrow(/smsProvider "SMS Net"/);
  });

  it('refuse it through the app itself, before any bundling', () => {
    const run = (args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          CDK_CONTEXT_JSON: JSON.stringify({ ...cdkJson.context, ...Object.fromEntries(args.map((arg) => arg.split('='))) }),
          CDK_OUTDIR: join(workDir, 'refused'),
        },
        stdio: 'pipe',
      });
    expect(() => run(['stage=prod', 'gatewayUrl=https://sandbox.uddoktapay.com'])).toThrow(/looks like a sandbox/);
  });
});

describe('room to grow', () => {
  it('keeps every stack, nested ones included, at 475 resources or fewer and 190 parameters and outputs (CloudFormation allows 500 and 200)', () => {
    for (const stage of stages) {
      for (const [name, template] of Object.entries(assemblies[stage])) {
        const count = Object.keys(template.Resources).length;
        const parameters = Object.keys(template.Parameters ?? {}).length;
        const outputs = Object.keys(template.Outputs ?? {}).length;
        console.log(`${name}: ${count} resources, ${parameters} parameters, ${outputs} outputs`);
        // A route costs one resource in the main stack (its route) and, for a new function, three in its area's nested
        // stack (docs/operations/deploy.md, "Stack size"): a stack near the bound wants a new area, not a higher bound.
        // The alarms take a parameter per function; an area's stack has two outputs per function, its name for the
        // alarms and its integration's id for its routes.
        expect(count, name).toBeLessThanOrEqual(475);
        expect(parameters, name).toBeLessThanOrEqual(190);
        expect(outputs, name).toBeLessThanOrEqual(190);
      }
    }
  });

  it('shares one execution role per distinct set of grants, and one log group among the API functions but the two webhooks', () => {
    const functions = houseFunctions(dev());
    const roleIds = new Set(functions.map(([, fn]) => fn.Properties.Role['Fn::GetAtt'][0] as string));
    const grantSets = new Set(routes.map(functionGrantsOf));
    // The routes' grant sets, the fallback's (logs only), the jobs', the stream consumers' and the alarm relay's.
    expect(roleIds.size).toBeLessThanOrEqual(grantSets.size + 1 + jobs.length + streamConsumers.length + 1);
    expect(roleIds.size).toBeLessThan(functions.length / 2);
    // Each role's grants are its own inline policy: no policy resource beside it (one resource each, and no window without grants).
    const attached = resources(dev(), 'AWS::IAM::Policy').flatMap(([, policy]) => policy.Properties.Roles as { Ref: string }[]);
    for (const roleId of roleIds) expect(attached, roleId).not.toContainEqual({ Ref: roleId });
    const logGroups = new Set(functions.map(([, fn]) => JSON.stringify(fn.Properties.LoggingConfig?.LogGroup)));
    // The shared one, the two webhooks', each job's, each stream consumer's and the alarm relay's.
    expect(logGroups.size).toBe(3 + jobs.length + streamConsumers.length + 1);
  });
});
