import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { gatewayTimeoutMs } from '../../functions/gateway/port';
import { deliveryJob, jobs, reconcilerJob } from '../../functions/routes/jobs';
import { tableReadActions } from '../../infra/constructs/function-roles';
import { defaultSupplierUrl } from '../../infra/stage-config';
import { actionsOf, alarmsOf, dev, houseFunctions, logicalIdOf, prod, resources, statementsOf } from '../support/infra-templates';

/** A scheduled job's rule, function and failure destination, found by the module its function's description names. */
function scheduledJob(template: Template, module: string) {
  const description = module.replace(/\.ts$/, '');
  const [fnId, fn] = houseFunctions(template).find(([, candidate]) => String(candidate.Properties.Description).endsWith(description))!;
  const rules = resources(template, 'AWS::Events::Rule').filter(([, rule]) =>
    JSON.stringify(rule.Properties.Targets).includes(`"${fnId}"`),
  );
  expect(rules, module).toHaveLength(1);
  const invokeConfigs = resources(template, 'AWS::Lambda::EventInvokeConfig').filter(
    ([, config]) => config.Properties.FunctionName.Ref === fnId,
  );
  expect(invokeConfigs, module).toHaveLength(1);
  return { fnId, fn, ruleId: rules[0]![0], rule: rules[0]![1], invokeConfig: invokeConfigs[0]![1].Properties };
}

describe('jobs', () => {
  it('reserves concurrency for no function at all, which a new account (quota 10) would refuse', () => {
    for (const stack of [dev(), prod()])
      expect(resources(stack, 'AWS::Lambda::Function').filter(([, fn]) => 'ReservedConcurrentExecutions' in fn.Properties)).toEqual([]);
  });

  it('builds one scheduled function per job of the route table, each with its own rule and failed-run queue', () => {
    expect(resources(dev(), 'AWS::Events::Rule')).toHaveLength(jobs.length);
    expect(resources(dev(), 'AWS::Lambda::EventInvokeConfig')).toHaveLength(jobs.length);
    const queues = new Set(jobs.map((job) => JSON.stringify(scheduledJob(dev(), job.module).invokeConfig.DestinationConfig)));
    expect(queues.size).toBe(jobs.length);
  });

  it('runs the payments reconciler every five minutes, never retried, stale events dropped, failed runs kept in a queue, traced', () => {
    const { fnId, fn, ruleId, rule, invokeConfig } = scheduledJob(dev(), reconcilerJob.module);
    expect(ruleId).toMatch(/^JobsEvery5Minutes/);
    expect(fnId).toMatch(/^JobsReconcilePayments/);
    expect(rule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    expect(rule.Properties.Targets[0].RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
    expect(fn.Properties.Description).toContain('payments/jobs/reconcile-payments');
    // One run at a time by a lease in the table: a new account's quota refuses reserved concurrency.
    expect(fn.Properties).not.toHaveProperty('ReservedConcurrentExecutions');
    expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    expect(fn.Properties.Environment.Variables).toHaveProperty('GATEWAY_SECRET_ID');
    // It settles payments; delivering what they paid for is the dispatcher's and the delivery job's.
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('SUPPLIER_SECRET_ID');
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('APP_SECRET_ID');
    expect(invokeConfig).toMatchObject({ FunctionName: { Ref: fnId }, MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 300 });
    expect(JSON.stringify(invokeConfig.DestinationConfig.OnFailure.Destination)).toMatch(/JobsReconcilerFailures/);
    expect(fn.Properties.Timeout * 1000).toBeGreaterThan(4 * gatewayTimeoutMs);
  });

  it('runs the delivery job every minute, never retried, without reserved concurrency, failed runs kept in a queue an alarm watches', () => {
    const { fnId, fn, rule, invokeConfig } = scheduledJob(dev(), deliveryJob.module);
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(rule.Properties.Targets[0].RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
    expect(fn.Properties.Description).toBe('every 1 minute: orders/jobs/advance-deliveries');
    // A new account's low concurrency quota refuses reserved concurrency; overlapping runs claim each step with a conditional write.
    expect(fn.Properties).not.toHaveProperty('ReservedConcurrentExecutions');
    expect(fn.Properties.Timeout).toBe(120);
    expect(fn.Properties.TracingConfig).toBeUndefined();
    const supplier = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsSupplier');
    expect(fn.Properties.Environment.Variables).toMatchObject({ SUPPLIER_SECRET_ID: { Ref: supplier }, SUPPLIER_URL: defaultSupplierUrl });
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('GATEWAY_SECRET_ID');
    expect(fn.Properties.Environment.Variables).not.toHaveProperty('APP_SECRET_ID');
    const statements = statementsOf(dev(), fn);
    expect(
      statements.some(
        (statement) =>
          actionsOf(statement).includes('secretsmanager:GetSecretValue') &&
          [statement.Resource].flat().some((resource) => JSON.stringify(resource) === JSON.stringify({ Ref: supplier })),
      ),
    ).toBe(true);
    const onTable = statements.find((statement) => actionsOf(statement).includes('dynamodb:GetItem'))!;
    expect(actionsOf(onTable).sort()).toEqual([...tableReadActions, ...deliveryJob.writes.map((action) => `dynamodb:${action}`)].sort());
    expect(invokeConfig).toMatchObject({ FunctionName: { Ref: fnId }, MaximumRetryAttempts: 0 });
    const queue = JSON.stringify(invokeConfig.DestinationConfig.OnFailure.Destination);
    expect(queue).toMatch(/JobsDeliveryFailures/);
    const queueId = /"(JobsDeliveryFailures[A-Z0-9]+)"/.exec(queue)![1]!;
    const alarms = alarmsOf('prod');
    const alarm = (idPrefix: string) => alarms.find(([id]) => id.startsWith(idPrefix))?.[1] ?? '';
    expect(alarm('MonitoringDeliveryFailedRunsQueued')).toContain(queueId);
    expect(alarm('MonitoringDeliveryFailed')).toContain('"MetricName":"Errors"');
    expect(alarm('MonitoringDeliveryMissedRuns')).toMatch(/"MetricName":"Invocations".*"Period":180.*"TreatMissingData":"breaching"/);
  });
});
