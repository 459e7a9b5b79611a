import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { AlarmTopic } from './constructs/monitoring';

/** Requests one address may make to /api/auth/* in five minutes before the WAF blocks it for a while. */
export const authRequestsPer5Minutes = 100;

/**
 * The stage's WAF web ACL for its CloudFront distribution. A CloudFront-scoped web ACL can only
 * be made in us-east-1, so it is a stack of its own there; the main stack, in the stage's region,
 * reads its ARN through CDK's cross-region references (an SSM parameter written in the main
 * stack's region). Rules: AWS's managed common rule set (not on /api/admin/*, whose bodies are
 * operators' HTML and code lists and whose callers are checked admins; bodies over 8 KB are
 * counted, not blocked, since the API caps them at 64 KB itself) and a per-address rate limit on
 * /api/auth/*.
 */
export class EdgeProtectionStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, props);
    const metrics = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `storefront-${props.stage}-${name}`,
    });
    const notAdmin: CfnWebACL.StatementProperty = {
      notStatement: {
        statement: {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: '/api/admin/',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      },
    };
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metrics('web-acl'),
      rules: [
        {
          name: 'auth-rate-limit',
          priority: 0,
          action: { block: {} },
          visibilityConfig: metrics('auth-rate-limit'),
          statement: {
            rateBasedStatement: {
              limit: authRequestsPer5Minutes,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/auth/',
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
        },
        {
          name: 'aws-common-rules',
          priority: 1,
          overrideAction: { none: {} },
          visibilityConfig: metrics('common-rules'),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
              scopeDownStatement: notAdmin,
            },
          },
        },
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}

/**
 * The alarm on the distribution's 5xx rate. CloudFront's metrics exist only in us-east-1, and an
 * alarm acts only on a topic of its own region: so this stack, in us-east-1, after the main stack
 * (it reads the distribution's id across regions), with its own topic to the same e-mail.
 */
export class EdgeAlarmsStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps & { stage: string; alarmEmail: string; distributionId: string }) {
    super(scope, id, props);
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
  }
}
