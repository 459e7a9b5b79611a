import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { needsSms } from '../../functions/routes/grants';
import { type Route, handlerModule } from '../../functions/routes/route';
import { gatewayKeyPlaceholder } from '../../functions/shared/config';
import { Data } from '../../infra/constructs/data';
import { FunctionRoles } from '../../infra/constructs/function-roles';
import { HouseFunction } from '../../infra/constructs/house-function';
import { SiteBucket, evidencePrefix, uploadsPrefix } from '../../infra/constructs/site-bucket';
import { StageSecrets } from '../../infra/constructs/stage-secrets';
import { committedStage, dev, prod, resources } from '../support/infra-templates';

describe('secrets', () => {
  it('are eight: a generated key ring, the gateway key placeholder, the supplier credentials, the lookup key, the SMS key, VAPID keys and Telegram bot placeholders, a generated origin secret', () => {
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: {
        SecretStringTemplate: JSON.stringify({ current: 'master' }),
        GenerateStringKey: 'master',
        PasswordLength: 64,
        ExcludePunctuation: true,
      },
    });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: gatewayKeyPlaceholder });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: JSON.stringify({
        username: gatewayKeyPlaceholder,
        apiKey: gatewayKeyPlaceholder,
        webhookSecret: gatewayKeyPlaceholder,
      }),
    });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: JSON.stringify({ publicKey: gatewayKeyPlaceholder, privateKey: gatewayKeyPlaceholder, subject: gatewayKeyPlaceholder }),
    });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: JSON.stringify({ botToken: gatewayKeyPlaceholder }) });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: JSON.stringify({ key: gatewayKeyPlaceholder }) });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: JSON.stringify({ apiKey: gatewayKeyPlaceholder, senderId: '' }),
    });
    expect(resources(dev(), 'AWS::SecretsManager::Secret')).toHaveLength(8);
    for (const [, secret] of resources(prod(), 'AWS::SecretsManager::Secret')) expect(secret.DeletionPolicy).toBe('Retain');
  });

  it('never put a secret value in the template: every value is generated or a dynamic reference', () => {
    const text = JSON.stringify(prod().toJSON());
    expect(text).not.toMatch(/"ORIGIN_VERIFY_SECRET":"[^{]/);
    expect(text).not.toContain('APP_MASTER_SECRET');
    expect(text).not.toContain('GATEWAY_API_KEY');
  });

  it('give a function whose row sends text messages read access to the SMS secret alone, with its address and provider; its neighbours get neither', () => {
    // No row sends text messages yet: a row of the table given the flag, built as the API builds its rows' functions.
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'SmsGrant');
    const { table } = new Data(stack, 'Data', { retain: false });
    const secrets = new StageSecrets(stack, 'Secrets', { retain: false });
    const { bucket: siteBucket } = new SiteBucket(stack, 'Site', { retain: false, siteUrl: committedStage('dev').siteUrl });
    const roles = new FunctionRoles(stack, 'Roles', {
      table,
      keyRing: secrets.keys,
      gatewayKey: secrets.gatewayKey,
      supplierSecret: secrets.supplier,
      lookupSecret: secrets.lookup,
      smsSecret: secrets.sms,
      telegramBot: secrets.telegramBot,
      vapidSecret: secrets.vapid,
      siteBucket,
      uploadsPrefix,
      evidencePrefix,
    });
    const sms = { secret: secrets.sms, url: 'https://api.sms.net.bd', provider: 'smsnetbd' };
    const plain = routes.find((row) => row.handler === 'promotions/list-plans')!;
    const rows: Route[] = [{ ...plain, sms: true }, plain];
    for (const [index, row] of rows.entries())
      new HouseFunction(stack, `Row${index}`, {
        entry: handlerModule(row.handler),
        defaults: { environment: {}, logRetention: RetentionDays.ONE_WEEK, logRemovalPolicy: RemovalPolicy.DESTROY },
        roles,
        sms: needsSms(row) ? sms : undefined,
      });
    const template = Template.fromStack(stack);
    const smsId = resources(template, 'AWS::SecretsManager::Secret').find(([id]) => id.startsWith('SecretsSms'))![0];
    const fnOf = (index: number) => resources(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(`Row${index}`))![1];
    const secretsReadBy = (index: number) => {
      const roleId = fnOf(index).Properties.Role['Fn::GetAtt'][0] as string;
      const policies = (resources(template, 'AWS::IAM::Role').find(([id]) => id === roleId)![1].Properties.Policies ?? []) as {
        PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
      }[];
      return policies
        .flatMap((policy) => policy.PolicyDocument.Statement)
        .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'))
        .flatMap((statement) => [statement.Resource].flat());
    };
    expect(secretsReadBy(0)).toEqual([{ Ref: smsId }]);
    expect(fnOf(0).Properties.Environment.Variables).toMatchObject({
      SMS_SECRET_ID: { Ref: smsId },
      SMS_API_URL: 'https://api.sms.net.bd',
      SMS_PROVIDER: 'smsnetbd',
    });
    expect(secretsReadBy(1)).toEqual([]);
    for (const name of ['SMS_SECRET_ID', 'SMS_API_URL', 'SMS_PROVIDER'])
      expect(fnOf(1).Properties.Environment.Variables).not.toHaveProperty(name);
  });
});
