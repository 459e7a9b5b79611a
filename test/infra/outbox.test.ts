import { describe, expect, it } from 'vitest';
import { tableReadActions } from '../../infra/constructs/function-roles';
import { roleIdOf, roleStatements } from '../support/role-statements';
import {
  type Resource,
  actionsOf,
  alarmsOf,
  assemblies,
  dev,
  houseFunctions,
  logicalIdOf,
  prod,
  resources,
  statementsOf,
} from '../support/infra-templates';

/** A stream consumer's event source mapping in dev, read from the oldest record, each failed record retried alone, and its filter patterns. */
function streamConsumerOf(construct: string) {
  const [mappingId, mapping] = resources(dev(), 'AWS::Lambda::EventSourceMapping').find(([id]) => id.startsWith(construct))!;
  expect(mapping.Properties).toMatchObject({
    StartingPosition: 'TRIM_HORIZON',
    BisectBatchOnFunctionError: true,
    MaximumRetryAttempts: 3,
    FunctionResponseTypes: ['ReportBatchItemFailures'],
  });
  const patterns = (mapping.Properties.FilterCriteria.Filters as { Pattern: string }[]).map((filter) => JSON.parse(filter.Pattern));
  return { mappingId, mapping, patterns };
}

describe('the notifications outbox', () => {
  it('streams the table as new images into one consumer, filtered to new notifications and alerts, retried alone, then dead-lettered under an alarm', () => {
    dev().hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
    const { mappingId, mapping, patterns } = streamConsumerOf('Outbox');
    expect(mappingId).toMatch(/^OutboxFanOutNotifications/);
    expect(patterns).toEqual([{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['Notification', 'Alert'] } } } }]);
    expect(JSON.stringify(mapping.Properties.DestinationConfig)).toMatch(/OutboxDeadLetters/);
    const fnId = /"(OutboxFanOutNotifications[A-Z0-9]+)"/.exec(JSON.stringify(mapping.Properties.FunctionName))![1]!;
    const fn = dev().toJSON().Resources[fnId];
    expect(fn.Properties.Environment.Variables).toHaveProperty('MAIL_FROM');
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('SUPPLIER_SECRET_ID');
    // It signs pushes with the VAPID keys and the mails' unsubscribe links with the key ring, sends
    // operator alerts with the Telegram bot, texts a guest's receipt with the SMS provider's
    // credentials, and forgets a device whose subscription ended; no other secret.
    const vapid = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsVapid');
    const keyRing = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsKeys');
    const bot = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsTelegramBot');
    const sms = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsSms');
    expect(fn.Properties.Environment.Variables).toHaveProperty('SMS_API_URL');
    expect(fn.Properties.Environment.Variables.VAPID_SECRET_ID).toEqual({ Ref: vapid });
    expect(fn.Properties.Environment.Variables.APP_SECRET_ID).toEqual({ Ref: keyRing });
    const secretsRead = statementsOf(dev(), fn)
      .filter((statement) => actionsOf(statement).includes('secretsmanager:GetSecretValue'))
      .flatMap((statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource)));
    expect(secretsRead.sort()).toEqual(
      [JSON.stringify({ Ref: keyRing }), JSON.stringify({ Ref: vapid }), JSON.stringify({ Ref: bot }), JSON.stringify({ Ref: sms })].sort(),
    );
    const onTable = statementsOf(dev(), fn).find((statement) => actionsOf(statement).includes('dynamodb:GetItem'))!;
    expect(actionsOf(onTable).sort()).toEqual([...tableReadActions, 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'].sort());
    // Only the stream's consumers (this one, the delivery dispatcher and the reports' sums) read the stream.
    const streamReaders = houseFunctions(dev()).filter(([, other]) =>
      JSON.stringify(statementsOf(dev(), other)).includes('dynamodb:GetRecords'),
    );
    expect(streamReaders.map(([id]) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual([
      'DeliveryDispatchDispatchDeliveries',
      'OutboxFanOutNotifications',
      'ReportSumsSumReportEvents',
    ]);
    const alarms = alarmsOf('prod');
    expect(alarms.find(([id]) => id.startsWith('MonitoringOutboxDeadLetters'))?.[1]).toMatch(/OutboxDeadLetters/);
  });

  it('feeds the new orders whose supplier top-up is queued to the delivery dispatcher, the only function beside the delivery job that calls the supplier', () => {
    const { mapping, patterns } = streamConsumerOf('DeliveryDispatch');
    expect(patterns).toEqual([
      {
        eventName: ['INSERT'],
        dynamodb: { NewImage: { entity: { S: ['PlanOrder'] }, delivery: { M: { mode: { S: ['supplier'] }, state: { S: ['queued'] } } } } },
      },
    ]);
    expect(JSON.stringify(mapping.Properties.DestinationConfig)).toMatch(/DeliveryDispatchDeadLetters/);
    const fnId = /"(DeliveryDispatchDispatchDeliveries[A-Z0-9]+)"/.exec(JSON.stringify(mapping.Properties.FunctionName))![1]!;
    const fn = dev().toJSON().Resources[fnId];
    expect(fn.Properties.Description).toBe('table stream: orders/jobs/dispatch-deliveries');
    expect(fn.Properties.Environment.Variables).toHaveProperty('SUPPLIER_SECRET_ID');
    expect(alarmsOf('prod').find(([id]) => id.startsWith('MonitoringDispatchDeadLetters'))?.[1]).toMatch(/DeliveryDispatchDeadLetters/);
    // Whatever calls the supplier: the dispatcher and the delivery job, nothing else.
    const callers = houseFunctions(dev()).filter(([, other]) => 'SUPPLIER_URL' in other.Properties.Environment.Variables);
    expect(callers.map(([, caller]) => caller.Properties.Description as string).sort()).toEqual([
      'POST /api/supplier/{supplier}/webhook: orders/receive-supplier-callback',
      'every 1 minute: orders/jobs/advance-deliveries',
      'table stream: orders/jobs/dispatch-deliveries',
    ]);
  });

  it('feeds new report events to the reports consumer, which may only update the table, in batches of up to 100, dead-lettered under an alarm', () => {
    const { mapping, patterns } = streamConsumerOf('ReportSums');
    expect(patterns).toEqual([{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['ReportEvent'] } } } }]);
    expect(mapping.Properties.BatchSize).toBe(100);
    expect(JSON.stringify(mapping.Properties.DestinationConfig)).toMatch(/ReportSumsDeadLetters/);
    const fnId = /"(ReportSumsSumReportEvents[A-Z0-9]+)"/.exec(JSON.stringify(mapping.Properties.FunctionName))![1]!;
    const fn = dev().toJSON().Resources[fnId];
    expect(fn.Properties.Description).toBe('table stream: reports/jobs/sum-report-events');
    const onTable = statementsOf(dev(), fn).find((statement) => actionsOf(statement).includes('dynamodb:GetItem'))!;
    expect(actionsOf(onTable).sort()).toEqual([...tableReadActions, 'dynamodb:UpdateItem'].sort());
    expect(alarmsOf('prod').find(([id]) => id.startsWith('MonitoringReportSumsDeadLetters'))?.[1]).toMatch(/ReportSumsDeadLetters/);
  });

  it('calls the supplier from a fixed address in prod: the delivery functions alone in a VPC whose one NAT gateway has an Elastic IP, kept', () => {
    const egress = assemblies.prod['Storefront-prod-egress']!.Resources;
    const ofType = (type: string) => Object.entries(egress).filter(([, resource]) => resource.Type === type);
    const [eipId, eip] = ofType('AWS::EC2::EIP')[0]!;
    expect(eip.DeletionPolicy).toBe('Retain');
    const [, nat] = ofType('AWS::EC2::NatGateway')[0]!;
    expect(ofType('AWS::EC2::NatGateway')).toHaveLength(1);
    expect(nat.Properties.AllocationId).toEqual({ 'Fn::GetAtt': [eipId, 'AllocationId'] });
    expect(ofType('AWS::EC2::VPCEndpoint').map(([, endpoint]) => JSON.stringify(endpoint.Properties.ServiceName))).toEqual([
      expect.stringContaining('.dynamodb'),
    ]);
    const inVpc = houseFunctions(prod()).filter(([, fn]) => fn.Properties.VpcConfig);
    expect(inVpc.map(([, fn]) => fn.Properties.Description as string).sort()).toEqual([
      'every 1 minute: orders/jobs/advance-deliveries',
      'table stream: orders/jobs/dispatch-deliveries',
    ]);
    for (const [id, fn] of inVpc) {
      // The address the supplier whitelists, handed over from the egress stack.
      expect(JSON.stringify(fn.Properties.Environment.Variables.SUPPLIER_EGRESS_ADDRESS), id).toMatch(
        /GetStackOutput.*Storefront-prod-egress.*SupplierEgressAddress.*PublicIp/,
      );
      expect(JSON.stringify(statementsOf(prod(), fn)) + JSON.stringify(prod().toJSON().Resources[roleIdOf(fn)!]), id).toContain(
        'AWSLambdaVPCAccessExecutionRole',
      );
    }
    // Dev has no fixed address: no egress stack, no function in a VPC (its supplier plans stay manual).
    expect(Object.keys(assemblies.dev)).not.toContain('Storefront-dev-egress');
    expect(houseFunctions(dev()).filter(([, fn]) => fn.Properties.VpcConfig)).toEqual([]);
  });

  it("gives the Telegram bot token to the outbox's consumer alone, with its variable", () => {
    const bot = JSON.stringify({ Ref: logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsTelegramBot') });
    const readsBot = (fn: Resource) =>
      statementsOf(dev(), fn).some(
        (statement) =>
          actionsOf(statement).includes('secretsmanager:GetSecretValue') &&
          [statement.Resource].flat().some((resource) => JSON.stringify(resource) === bot),
      );
    const readers = houseFunctions(dev()).filter(([, fn]) => readsBot(fn));
    expect(readers.map(([id]) => id)).toEqual([expect.stringMatching(/^OutboxFanOutNotifications/)]);
    for (const [id, fn] of houseFunctions(dev())) {
      const variable = JSON.stringify(fn.Properties.Environment.Variables.TELEGRAM_SECRET_ID ?? null);
      expect(variable, id).toBe(id.startsWith('OutboxFanOutNotifications') ? bot : 'null');
    }
    // The roles whose grants name the secret: the consumer's alone.
    const roles = resources(dev(), 'AWS::IAM::Role').filter(([id]) =>
      JSON.stringify(roleStatements(dev().toJSON().Resources, id)).includes(bot),
    );
    expect(roles.map(([id]) => id)).toEqual([roleIdOf(readers[0]![1])]);
  });
});
