import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  type AlarmProps,
  AlarmRule,
  ComparisonOperator,
  CompositeAlarm,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type BusinessMetricName, businessMetricNames, metricDimensions, metricsNamespace } from '../../functions/shared/metric-names';
import { acknowledge } from '../nag';

/**
 * The account's Lambda concurrency the README asks for before a prod deploy (1,000); the alarm
 * rings at 80% of it, while there is still room to ask for more.
 */
export const expectedConcurrencyQuota = 1000;

/**
 * The business alarms' settings (README, Alarms and dashboard): each metric's statistic over a
 * period, how many periods in a row must breach, and the threshold.
 */
export const businessAlarms = {
  /** A gauge the reconciler writes every five minutes: abandoned checkouts count too until they expire, so a few are normal. */
  PaymentsPendingPastWindow: { statistic: 'Maximum', periodMinutes: 10, evaluationPeriods: 2, threshold: 5 },
  /** A gauge the delivery job writes every minute: one paid order overdue for ten minutes is one too many. */
  PaidOrdersUndelivered: { statistic: 'Maximum', periodMinutes: 5, evaluationPeriods: 2, threshold: 1 },
  /** A count: one timeout happens; three in fifteen minutes is the gateway failing. */
  PaymentVerifyFailures: { statistic: 'Sum', periodMinutes: 15, evaluationPeriods: 1, threshold: 3 },
} as const satisfies Record<BusinessMetricName, { statistic: string; periodMinutes: number; evaluationPeriods: number; threshold: number }>;

/** CloudWatch takes at most 10 metrics in one alarm's math expression (a hard limit). */
const metricsPerExpression = 10;

/** An SNS topic for one stage's alarms, with the operator's e-mail subscribed (confirmed once from the inbox). */
export class AlarmTopic extends Construct {
  readonly topic: Topic;
  readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: { stage: string; email: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: `Storefront ${props.stage} alarms`, enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);
    acknowledge(this.topic, [
      { id: 'AwsSolutions-SNS2', reason: 'Alarm notices carry alarm names and states only, nothing to encrypt with a customer key' },
    ]);
  }
}

/** A scheduled job as the alarms see it. */
export interface MonitoredJob {
  /** What the alarm descriptions call it, e.g. `payments reconciler`. */
  title: string;
  /** Its alarms' ids start with this (`<prefix>Failed`, `<prefix>FailedRunsQueued`, `<prefix>MissedRuns`). */
  alarmPrefix: string;
  fn: IFunction;
  failedRuns: IQueue;
  /** The failed-run queue's name in descriptions (its construct id). */
  failuresId: string;
  /** How often it should run. */
  every: Duration;
}

export interface MonitoringProps {
  stage: string;
  /** Where the outbox consumer's records land after their retries. */
  /** The stream consumers' dead-letter queues, each an alarm: its construct id and what it means. */
  deadLetters: { alarmId: string; text: string; queue: IQueue }[];
  alarmEmail: string;
  httpApi: HttpApi;
  functions: IFunction[];
  table: ITable;
  /** The scheduled jobs: each one's failed runs, queued failures and missed runs are alarms. */
  jobs: MonitoredJob[];
  /** The payment webhook's own log group (its 401s). */
  webhookLogs: ILogGroup;
  /** The supplier webhook's own log group (its 401s). */
  supplierWebhookLogs: ILogGroup;
  /** The API's access log (JSON lines with `status`). */
  accessLogs: ILogGroup;
  /** The distribution's 5xx rate is graphed here; its alarm lives in us-east-1, where CloudFront's metrics are. */
  distributionId: string;
}

/**
 * The stage's alarms, each to the stage's topic, and one dashboard: the API's 5xx rate and p99
 * latency; errors and throttles of every function, summed ten functions to an expression and
 * joined in one composite alarm (one alarm per function would cost a resource per function);
 * each scheduled job's failures and missed runs; webhook 401s, the payment gateway's (a wrong key,
 * or someone guessing it) and the supplier's (a wrong webhook secret, or someone forging callbacks);
 * the business metrics (payments pending and paid orders undelivered past their window, gateway
 * verify failures); DynamoDB throttles and system errors.
 */
export class Monitoring extends Construct {
  readonly alarms: Alarm[] = [];
  /** The stage's alarm topic (e-mail, and the relay to the operators' Telegram). */
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { action, topic } = new AlarmTopic(this, 'Alarms', { stage: props.stage, email: props.alarmEmail });
    this.topic = topic;
    const fiveMinutes = Duration.minutes(5);
    const alarm = (name: string, description: string, settings: Omit<AlarmProps, 'alarmDescription'>) => {
      const made = new Alarm(this, name, { alarmDescription: description, ...settings });
      made.addAlarmAction(action);
      made.addOkAction(action);
      this.alarms.push(made);
      return made;
    };

    const requests = props.httpApi.metricCount({ period: fiveMinutes });
    const serverErrors = props.httpApi.metricServerError({ period: fiveMinutes });
    const apiErrorRate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx %',
      period: fiveMinutes,
    });
    alarm('Api5xxRate', 'More than 5% of API requests answered 5xx (at least 20 requests in 5 minutes)', {
      metric: apiErrorRate,
      threshold: 5,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const latency = props.httpApi.metricLatency({ period: fiveMinutes, statistic: 'p99' });
    alarm('ApiP99Latency', 'API p99 latency above 3 s for 15 minutes', {
      metric: latency,
      threshold: 3000,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    const chunks: IFunction[][] = [];
    for (let i = 0; i < props.functions.length; i += metricsPerExpression) chunks.push(props.functions.slice(i, i + metricsPerExpression));
    // Ids unique across groups: the dashboard graphs all groups of a kind together.
    const summed = (kind: 'Errors' | 'Throttles', group: IFunction[], n: number) =>
      new MathExpression({
        expression: group.map((_, i) => `${kind[0]!.toLowerCase()}${n}x${i}`).join(' + '),
        usingMetrics: Object.fromEntries(
          group.map((fn, i) => [`${kind[0]!.toLowerCase()}${n}x${i}`, fn.metric(kind, { statistic: 'Sum', period: fiveMinutes })]),
        ),
        label: `${kind} of ${group.length} functions`,
        period: fiveMinutes,
      });
    const groupAlarms = chunks.flatMap((group, n) =>
      (['Errors', 'Throttles'] as const).map((kind) => {
        return new Alarm(this, `Function${kind}${n + 1}`, {
          alarmDescription: `${kind} of functions ${n * metricsPerExpression + 1}-${n * metricsPerExpression + group.length} (part of FunctionErrorsOrThrottles)`,
          metric: summed(kind, group, n),
          threshold: kind === 'Errors' ? 5 : 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
      }),
    );
    const functionAlarm = new CompositeAlarm(this, 'FunctionErrorsOrThrottles', {
      alarmDescription: 'Some function erred 5 times, or was throttled, in 5 minutes (see the Function* alarms for which)',
      alarmRule: AlarmRule.anyOf(...groupAlarms),
    });
    functionAlarm.addAlarmAction(action);
    functionAlarm.addOkAction(action);

    for (const job of props.jobs) {
      alarm(`${job.alarmPrefix}Failed`, `The ${job.title} failed a run (its failed runs are kept in the ${job.failuresId} queue)`, {
        metric: job.fn.metricErrors({ period: Duration.minutes(15), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm(`${job.alarmPrefix}FailedRunsQueued`, `A failed ${job.title} run is waiting in its queue for a look`, {
        metric: job.failedRuns.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm(`${job.alarmPrefix}MissedRuns`, `The ${job.title} has not run for three of its periods`, {
        metric: job.fn.metricInvocations({ period: Duration.minutes(job.every.toMinutes() * 3), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.BREACHING,
      });
    }

    for (const { alarmId, text, queue } of props.deadLetters)
      alarm(alarmId, text, {
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });

    // Each webhook's request lines answered 401, from its own log group.
    const refusals = (id: string, logGroup: ILogGroup, metricName: string) =>
      new MetricFilter(this, id, {
        logGroup,
        filterPattern: FilterPattern.all(
          FilterPattern.stringValue('$.message', '=', 'request'),
          FilterPattern.numberValue('$.status', '=', 401),
        ),
        metricNamespace: `Storefront/${props.stage}`,
        metricName,
        metricValue: '1',
      }).metric({ period: fiveMinutes, statistic: 'Sum', label: metricName });
    const webhook401s = refusals('Webhook401Filter', props.webhookLogs, 'Webhook401');
    const supplierWebhook401s = refusals('SupplierWebhook401Filter', props.supplierWebhookLogs, 'SupplierWebhook401');
    alarm('Webhook401s', 'Payment webhooks refused for a wrong API key: the gateway key changed, or someone is guessing it', {
      metric: webhook401s,
      threshold: 3,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm(
      'SupplierWebhook401s',
      "Supplier callbacks refused for a wrong signature: the supplier's webhook secret changed, or someone is forging callbacks",
      {
        metric: supplierWebhook401s,
        threshold: 3,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      },
    );

    // The API's own answers, from its access log: 429 (the stage's throttles refusing shoppers)
    // and 403 (mostly the origin authorizer: someone calling the execute-api URL directly).
    const answered = (id: string, status: number, metricName: string) =>
      new MetricFilter(this, id, {
        logGroup: props.accessLogs,
        filterPattern: FilterPattern.stringValue('$.status', '=', String(status)),
        metricNamespace: `Storefront/${props.stage}`,
        metricName,
        metricValue: '1',
      }).metric({ period: fiveMinutes, statistic: 'Sum', label: metricName });
    alarm('ApiThrottled', 'The API answered 429 to 50 requests in 5 minutes: its throttles are refusing shoppers', {
      metric: answered('ApiThrottledFilter', 429, 'ApiThrottled'),
      threshold: 50,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm('ApiForbidden', 'The API answered 403 to 100 requests in 5 minutes: someone is calling it around CloudFront, or probing', {
      metric: answered('ApiForbiddenFilter', 403, 'ApiForbidden'),
      threshold: 100,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm(
      'AccountConcurrency',
      `Lambda concurrency claimed in this region passed ${0.8 * expectedConcurrencyQuota} (80% of the ${expectedConcurrencyQuota} asked for): ask for more before requests are throttled`,
      {
        metric: new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ClaimedAccountConcurrency',
          statistic: 'Maximum',
          period: Duration.minutes(1),
        }),
        threshold: 0.8 * expectedConcurrencyQuota,
        evaluationPeriods: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      },
    );

    // The business metrics the functions write as EMF (functions/shared/metrics.ts): the same
    // namespace, name and dimensions, from functions/shared/metric-names.ts.
    const business = (name: BusinessMetricName) => {
      const { statistic, periodMinutes } = businessAlarms[name];
      return new Metric({
        namespace: metricsNamespace,
        metricName: name,
        dimensionsMap: metricDimensions(props.stage),
        statistic,
        period: Duration.minutes(periodMinutes),
      });
    };
    const businessAlarm = (name: BusinessMetricName, description: string) => {
      const { threshold, evaluationPeriods } = businessAlarms[name];
      return alarm(name, description, {
        metric: business(name),
        threshold,
        evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // No value is no run (the jobs' MissedRuns alarms see that) or no failure.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    };
    const pending = businessAlarms.PaymentsPendingPastWindow;
    businessAlarm(
      businessMetricNames.paymentsPendingPastWindow,
      `${pending.threshold} or more gateway payments pending past the operators' alert minutes for ${pending.periodMinutes * pending.evaluationPeriods} minutes: ` +
        'open Payments in the console (the waiting list), settle those the gateway panel shows paid by invoice id; many at once means ' +
        'the webhook or the gateway stopped settling (see Webhook401s and PaymentVerifyFailures)',
    );
    businessAlarm(
      businessMetricNames.paidOrdersUndelivered,
      'A paid order has waited past its window (30 minutes for an automatic delivery, an hour in the manual queue): ' +
        'open Orders and Deliveries in the console, complete it by hand or refund it; several at once means the supplier or its balance',
    );
    const verify = businessAlarms.PaymentVerifyFailures;
    businessAlarm(
      businessMetricNames.paymentVerifyFailures,
      `The payment gateway gave no usable answer to ${verify.threshold} or more verify calls in ${verify.periodMinutes} minutes: ` +
        "check the gateway's status and its API key; payments wait, unexpired, and the reconciler settles them once it answers",
    );

    const tableThrottles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period: fiveMinutes, statistic: 'Sum' }),
        writes: props.table.metric('WriteThrottleEvents', { period: fiveMinutes, statistic: 'Sum' }),
      },
      label: 'DynamoDB throttle events',
      period: fiveMinutes,
    });
    alarm('TableThrottles', 'DynamoDB throttled reads or writes of the table', {
      metric: tableThrottles,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const systemErrors = props.table.metricSystemErrorsForOperations({
      operations: [
        Operation.GET_ITEM,
        Operation.QUERY,
        Operation.BATCH_GET_ITEM,
        Operation.PUT_ITEM,
        Operation.UPDATE_ITEM,
        Operation.DELETE_ITEM,
        Operation.TRANSACT_WRITE_ITEMS,
      ],
      period: fiveMinutes,
    });
    alarm('TableSystemErrors', 'DynamoDB answered with system errors (5xx on its side)', {
      metric: systemErrors,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    const cloudFront5xx = new Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
      region: 'us-east-1',
      statistic: 'Average',
      period: fiveMinutes,
    });
    const graph = (title: string, metrics: IMetric[]) => new GraphWidget({ title, left: metrics, width: 12 });
    new Dashboard(this, 'Dashboard', {
      dashboardName: `Storefront-${props.stage}`,
      widgets: [
        [graph('API requests and 5xx', [requests, serverErrors]), graph('API latency p99 (ms)', [latency])],
        [
          graph(
            'Function errors',
            chunks.map((group, n) => summed('Errors', group, n)),
          ),
          graph(
            'Function throttles',
            chunks.map((group, n) => summed('Throttles', group, n)),
          ),
        ],
        [
          ...props.jobs.map((job) =>
            graph(`${job.alarmPrefix} runs and errors`, [
              job.fn.metricInvocations({ period: fiveMinutes }),
              job.fn.metricErrors({ period: fiveMinutes }),
            ]),
          ),
          graph('Webhook 401s', [webhook401s, supplierWebhook401s]),
        ],
        [graph('DynamoDB throttles and system errors', [tableThrottles, systemErrors]), graph('CloudFront 5xx %', [cloudFront5xx])],
        [
          graph('Payments pending and paid orders undelivered past their window', [
            business(businessMetricNames.paymentsPendingPastWindow),
            business(businessMetricNames.paidOrdersUndelivered),
          ]),
          graph('Payment verify failures', [business(businessMetricNames.paymentVerifyFailures)]),
        ],
      ],
    });
  }
}
