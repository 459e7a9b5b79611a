import { ArnFormat, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnLoggingConfiguration, CfnRegexPatternSet, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { AlarmTopic } from './constructs/monitoring';
import { exactPathPatterns, uncanonicalPathPattern } from './waf-paths';

/**
 * Sign-in requests one address may make in five minutes before the WAF refuses it. Set for
 * carrier-grade NAT: Grameenphone, Robi and Banglalink put very many subscribers behind few
 * addresses, so this only stops floods; guessing is stopped per account and per device by the
 * API's own limits (five checked passwords per account per window).
 */
export const authRequestsPer5Minutes = 2000;

/** The earlier, tight level, now only counted: its metric shows how often a shared address reaches it before anyone blocks at it. */
export const authRequestsCountedAt = 100;

/** All /api requests one address may make in five minutes: a flood, not a busy carrier address (about 67 a second). */
export const apiRequestsPer5Minutes = 20_000;

/** The refusal a WAF rate rule answers, in the API's envelope (a bare 403 would read as "forbidden" to the SPA). */
export const tooManyRequestsBody = JSON.stringify({
  status: 0,
  message: 'Too many requests from your network. Please try again in a few minutes.',
});

/** The refusal of a path with dot segments or encoded slashes, in the API's envelope. */
export const uncanonicalPathBody = JSON.stringify({ status: 0, message: 'This address is not one of the shop’s' });

const uriStartsWith = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

/**
 * The stage's WAF web ACL for its CloudFront distribution. A CloudFront-scoped web ACL can only
 * be made in us-east-1, so it is a stack of its own there; the main stack, in the stage's region,
 * reads its ARN through CDK's cross-region references. Rules, in order:
 * - `uncanonical-path`: a path with a dot segment or an encoded slash, dot or backslash is refused
 *   (400) before any rule reads it, so that no router resolves it to a route other than the one
 *   the rules saw;
 * - `api-rate-limit`: a generous per-address limit on all of /api (a flood), refused with 429 in
 *   the API's envelope;
 * - `auth-rate-limit`: per address on /api/auth/*, sized for carrier-grade NAT, the same 429;
 * - `auth-rate-watch`: the old tight level on /api/auth/*, counted only (its metric is the
 *   measurement a tighter block would need);
 * - AWS's managed common rule set, except on the console's routes (operators' HTML and code
 *   lists, from checked admins) and the payment and supplier webhooks (server-to-server bodies the
 *   gateway and the supplier write; they are verified by key and signature), each matched exactly
 *   as the route table has it (waf-paths.ts), never by prefix; bodies over 8 KB are counted, not
 *   blocked, since the API caps them at 64 KB itself.
 * Every request is logged to CloudWatch (`aws-waf-logs-…`, us-east-1) with the Authorization and
 * Cookie headers and the query string (mailed links' tokens) redacted.
 */
export class EdgeProtectionStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string; retain: boolean }) {
    super(scope, id, props);
    const metrics = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `storefront-${props.stage}-${name}`,
    });
    const exemptRoutes = new CfnRegexPatternSet(this, 'CommonRulesExemptRoutes', {
      scope: 'CLOUDFRONT',
      description: 'Console routes and webhooks, exactly as the route table has them',
      regularExpressionList: exactPathPatterns(),
    });
    const commonRulesSkip: CfnWebACL.StatementProperty = {
      notStatement: {
        statement: {
          regexPatternSetReferenceStatement: {
            arn: exemptRoutes.attrArn,
            fieldToMatch: { uriPath: {} },
            textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
          },
        },
      },
    };
    const refuseTooMany = { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'too-many-requests' } } };
    const perAddress = (limit: number, path: string): CfnWebACL.StatementProperty => ({
      rateBasedStatement: { limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', scopeDownStatement: uriStartsWith(path) },
    });
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { ...metrics('web-acl'), metricName: webAclMetricName(props.stage) },
      customResponseBodies: {
        'too-many-requests': { contentType: 'APPLICATION_JSON', content: tooManyRequestsBody },
        'uncanonical-path': { contentType: 'APPLICATION_JSON', content: uncanonicalPathBody },
      },
      rules: [
        {
          name: 'uncanonical-path',
          priority: 0,
          action: { block: { customResponse: { responseCode: 400, customResponseBodyKey: 'uncanonical-path' } } },
          visibilityConfig: metrics('uncanonical-path'),
          statement: {
            regexMatchStatement: {
              regexString: uncanonicalPathPattern,
              fieldToMatch: { uriPath: {} },
              textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
            },
          },
        },
        {
          name: 'api-rate-limit',
          priority: 1,
          action: refuseTooMany,
          visibilityConfig: metrics('api-rate-limit'),
          statement: perAddress(apiRequestsPer5Minutes, '/api/'),
        },
        {
          name: 'auth-rate-limit',
          priority: 2,
          action: refuseTooMany,
          visibilityConfig: metrics('auth-rate-limit'),
          statement: perAddress(authRequestsPer5Minutes, '/api/auth/'),
        },
        {
          name: 'auth-rate-watch',
          priority: 3,
          action: { count: {} },
          visibilityConfig: metrics('auth-rate-watch'),
          statement: perAddress(authRequestsCountedAt, '/api/auth/'),
        },
        {
          name: 'aws-common-rules',
          priority: 4,
          overrideAction: { none: {} },
          visibilityConfig: metrics('common-rules'),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
              scopeDownStatement: commonRulesSkip,
            },
          },
        },
      ],
    });
    this.webAclArn = webAcl.attrArn;
    // WAF takes only log groups named aws-waf-logs-…, in the web ACL's region.
    const logGroupName = `aws-waf-logs-storefront-${props.stage}`;
    const logs = new LogGroup(this, 'WafLogs', {
      logGroupName,
      retention: props.retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const logging = new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }, { queryString: {} }],
    });
    logging.node.addDependency(logs);
  }
}

/**
 * The alarm on the distribution's 5xx rate. CloudFront's metrics exist only in us-east-1, and an
 * alarm acts only on a topic of its own region: so this stack, in us-east-1, after the main stack
 * (it reads the distribution's id across regions), with its own topic to the same e-mail.
 */
/**
 * The fields of the distribution's access log: who asked for what, how it was served and how fast.
 * Not the query string, the cookies or the referer: e-mail links carry their tokens in the query
 * (and pages send their full address as the referer of their API calls); the address (`c-ip`) is
 * the log's reason to exist, since the API's own log sees only the edge's.
 */
export const accessLogFields = [
  'date',
  'time',
  'x-edge-location',
  'c-ip',
  'x-forwarded-for',
  'cs-method',
  'cs-uri-stem',
  'sc-status',
  'sc-bytes',
  'time-taken',
  'time-to-first-byte',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'x-edge-request-id',
  'cs-protocol-version',
  'ssl-protocol',
  'cs(User-Agent)',
  'sc-content-type',
] as const;

/**
 * The distribution's alarms (its 5xx rate, the WAF's blocks) and its access log (standard logging
 * v2 into CloudWatch Logs), in us-east-1 where CloudFront's metrics and log deliveries are.
 */
export class EdgeAlarmsStack extends Stack {
  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { stage: string; alarmEmail: string; distributionId: string; retain: boolean },
  ) {
    super(scope, id, props);
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const source = new CfnDeliverySource(this, 'AccessLogSource', {
      name: `storefront-${props.stage}-distribution`,
      logType: 'ACCESS_LOGS',
      resourceArn: this.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: props.distributionId }),
    });
    const destination = new CfnDeliveryDestination(this, 'AccessLogDestination', {
      name: `storefront-${props.stage}-distribution-logs`,
      destinationResourceArn: accessLogs.logGroupArn,
      outputFormat: 'json',
    });
    new CfnDelivery(this, 'AccessLogDelivery', {
      deliverySourceName: source.ref,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...accessLogFields],
    }).addDependency(source);
    const { action } = new AlarmTopic(this, 'Alarms', { stage: props.stage, email: props.alarmEmail });
    const alarm = new Alarm(this, 'CloudFront5xxRate', {
      alarmDescription: "More than 5% of the site's responses were 5xx for 10 minutes",
      metric: new Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic: 'Average',
        period: Duration.minutes(5),
      }),
      threshold: 5,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    // WAF names its CloudFront metrics by the web ACL's metric name (EdgeProtectionStack), in us-east-1.
    const blocked = new Alarm(this, 'WafBlocked', {
      alarmDescription: 'The WAF blocked 1,000 requests in 5 minutes: an attack, or a rule refusing real shoppers (see its logs)',
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: webAclMetricName(props.stage), Rule: 'ALL' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: 1000,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    blocked.addAlarmAction(action);
    blocked.addOkAction(action);
  }
}

/** The web ACL's metric name, which its CloudWatch metrics carry as the WebACL dimension. */
export const webAclMetricName = (stage: string) => `storefront-${stage}-web-acl`;
