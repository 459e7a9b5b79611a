import { CfnOutput, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { alarmRelay } from '../functions/routes/jobs';
import { tableGrantOf } from '../functions/routes/grants';
import { Api } from './constructs/api';
import { Backups } from './constructs/backups';
import { Data } from './constructs/data';
import { DeliveryDispatch } from './constructs/delivery-dispatch';
import { ReportSums } from './constructs/report-sums';
import { FunctionRoles } from './constructs/function-roles';
import { type FunctionDefaults, HouseFunction, type LookupAccess, type SmsAccess, type SupplierAccess } from './constructs/house-function';
import { Jobs } from './constructs/jobs';
import { Outbox } from './constructs/outbox';
import { Monitoring } from './constructs/monitoring';
import { SiteBucket, evidencePrefix, uploadsPrefix } from './constructs/site-bucket';
import { StageSecrets } from './constructs/stage-secrets';
import type { SupplierEgress } from './constructs/supplier-egress';
import { Web } from './constructs/web';
import type { StageConfig, StageName } from './stage-config';
import { acknowledge } from './nag';

export interface StorefrontStackProps extends StackProps {
  stage: StageName;
  config: StageConfig;
  /** The built SPA folder (web/dist); the tests pass a stand-in. */
  webAssetsDir: string;
  /** The WAF web ACL of the distribution (EdgeProtectionStack, us-east-1). */
  webAclArn: string;
  /** The delivery functions' fixed outbound address (SupplierEgressStack); absent: the stage has none. */
  egress?: SupplierEgress;
  /**
   * For local tools only (sam local against LocalStack): every AWS SDK call goes to this endpoint.
   * Never set for a real deploy.
   */
  awsEndpointUrl?: string;
}

/**
 * One stage of the shop: the table, the stage's secrets, the API (a function per route-table
 * row; the console's and the shopper's functions in nested stacks of their own, every route in this one), the scheduled jobs (the payments reconciler, the delivery job), the stream's consumers (the
 * notifications outbox, the delivery dispatcher), the supplier's fixed outbound address where the
 * stage has one, the site (bucket and CloudFront in front of both), and the alarms and dashboard. Prod keeps its data, secrets, bucket and logs when the stack is
 * deleted (and the stack itself has termination protection); dev removes everything.
 */
export class StorefrontStack extends Stack {
  readonly distributionId: string;
  /**
   * The alarms, their topic and the dashboard, in a nested stack of their own: one resource of
   * this stack's 500 instead of some fifty, so that the route table has room to grow.
   */
  readonly alarms: NestedStack;

  constructor(scope: Construct, id: string, props: StorefrontStackProps) {
    super(scope, id, props);
    const { config } = props;
    const retain = props.stage === 'prod';
    const removalPolicy = retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const { table } = new Data(this, 'Data', { retain });
    const secrets = new StageSecrets(this, 'Secrets', { retain });
    // Prod's table is backed up by AWS Backup as well (dev has point-in-time recovery only).
    if (retain) new Backups(this, 'Backups', { table, stage: props.stage, copyRegion: config.backupCopyRegion });

    const defaults: FunctionDefaults = {
      environment: {
        STAGE: props.stage,
        SITE_URL: config.siteUrl,
        GATEWAY_URL: config.gatewayUrl,
        PAYMENT_GATEWAY: config.paymentGateway,
        ...(Object.keys(config.gatewayUrls).length > 0 ? { GATEWAY_URLS: JSON.stringify(config.gatewayUrls) } : {}),
        GOOGLE_CLIENT_ID: config.googleClientId,
        GOOGLE_ISSUER: 'https://accounts.google.com',
        GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
        ...(props.awsEndpointUrl ? { AWS_ENDPOINT_URL: props.awsEndpointUrl } : {}),
      },
      logRetention: retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
      logRemovalPolicy: removalPolicy,
    };
    const { bucket: siteBucket } = new SiteBucket(this, 'Site', { retain, siteUrl: config.siteUrl });
    const roles = new FunctionRoles(this, 'FunctionRoles', {
      table,
      keyRing: secrets.keys,
      gatewayKey: secrets.gatewayKey,
      supplierSecret: secrets.supplier,
      lookupSecret: secrets.lookup,
      smsSecret: secrets.sms,
      vapidSecret: secrets.vapid,
      telegramBot: secrets.telegramBot,
      siteBucket,
      uploadsPrefix,
      evidencePrefix,
    });
    const supplier: SupplierAccess = { secret: secrets.supplier, url: config.supplierUrl };
    const lookup: LookupAccess = { secret: secrets.lookup, url: config.playerLookupUrl };
    const sms: SmsAccess = { secret: secrets.sms, url: config.smsUrl, provider: config.smsProvider };
    // The delivery functions' fixed outbound address, which the supplier whitelists (prod by default).
    const { egress } = props;
    const api = new Api(this, 'Api', {
      table,
      keyRing: secrets.keys,
      gatewayKey: secrets.gatewayKey,
      supplier,
      lookup,
      sms,
      vapidSecret: secrets.vapid,
      originVerify: secrets.originVerify,
      roles,
      siteBucket,
      mailFrom: config.mailFrom,
      defaults,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
    });
    const jobs = new Jobs(this, 'Jobs', { table, gatewayKey: secrets.gatewayKey, supplier, egress, roles, defaults, removalPolicy });
    const dispatch = new DeliveryDispatch(this, 'DeliveryDispatch', { table, roles, defaults, supplier, egress, removalPolicy });
    const reportSums = new ReportSums(this, 'ReportSums', { table, roles, defaults, removalPolicy });
    const outbox = new Outbox(this, 'Outbox', {
      table,
      roles,
      defaults,
      mailFrom: config.mailFrom,
      keyRing: secrets.keys,
      vapidSecret: secrets.vapid,
      telegramBot: secrets.telegramBot,
      sms,
      removalPolicy,
    });
    const { distribution } = new Web(this, 'Web', {
      assetsDir: props.webAssetsDir,
      api: api.httpApi,
      googleClientId: config.googleClientId,
      bucket: siteBucket,
      originVerify: secrets.originVerify,
      siteUrl: config.siteUrl,
      certificateArn: config.certificateArn,
      webAclArn: props.webAclArn,
      deploymentLogs: new LogGroup(this, 'SiteDeploymentLogs', {
        retention: defaults.logRetention,
        removalPolicy: defaults.logRemovalPolicy,
      }),
    });
    this.distributionId = distribution.distributionId;
    api.allowEdgeInvalidation(distribution);
    // The relay of the alarm topic (subscribed below): a function of its own, watched like the others.
    const alarmRelayFn = new HouseFunction(this, 'AlarmRelay', {
      entry: alarmRelay.module,
      description: `alarm topic: ${alarmRelay.module.replace(/\.ts$/, '')}`,
      defaults,
      roles,
      table,
      tableGrant: tableGrantOf(alarmRelay),
      memorySize: 256,
    });
    this.alarms = new NestedStack(this, 'Alarms', { description: `Storefront (${props.stage}): alarms, their topic and the dashboard` });
    const monitoring = new Monitoring(this.alarms, 'Monitoring', {
      stage: props.stage,
      alarmEmail: config.alarmEmail,
      httpApi: api.httpApi,
      functions: [
        ...api.functions,
        ...jobs.scheduled.map((job) => job.fn),
        outbox.consumer,
        dispatch.dispatcher,
        reportSums.consumer,
        alarmRelayFn,
      ],
      table,
      jobs: jobs.scheduled,
      deadLetters: [
        {
          alarmId: 'OutboxDeadLetters',
          text: 'Notifications could not be carried after their retries: their stream positions wait in the outbox dead-letter queue',
          queue: outbox.deadLetters,
        },
        {
          alarmId: 'DispatchDeadLetters',
          text: 'Top-ups could not be sent to the supplier after their retries (the delivery job sends them): see the dispatcher dead-letter queue',
          queue: dispatch.deadLetters,
        },
        {
          alarmId: 'ReportSumsDeadLetters',
          text: 'Report events could not be summed after their retries (the reports miss them until replayed): see the reports dead-letter queue',
          queue: reportSums.deadLetters,
        },
      ],
      webhookLogs: api.webhook.logGroup,
      supplierWebhookLogs: api.supplierWebhook.logGroup,
      accessLogs: api.accessLogs,
      distributionId: distribution.distributionId,
    });

    // The alarms reach the operators' Telegram too, through the outbox (an alert per alarm and state change).
    monitoring.topic.addSubscription(new LambdaSubscription(alarmRelayFn));

    // The execute-api URL is deliberately not an output: only CloudFront may call it (x-origin-verify).
    new CfnOutput(this, 'SiteUrl', {
      value: `https://${distribution.distributionDomainName}`,
      description: "The distribution's own address (siteUrl in cdk.json must be this, or a custom domain of it)",
    });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'KeyRingSecretName', { value: secrets.keys.secretName });
    new CfnOutput(this, 'GatewayKeySecretName', {
      value: secrets.gatewayKey.secretName,
      description: "Put the gateway's API key here (README, Deploy)",
    });
    new CfnOutput(this, 'SupplierSecretName', {
      value: secrets.supplier.secretName,
      description: 'Put the supplier\'s credentials here as JSON {"username","apiKey","webhookSecret"} (README, Deploy)',
    });
    new CfnOutput(this, 'PlayerLookupSecretName', {
      value: secrets.lookup.secretName,
      description: 'Put the nickname lookup\'s key here as JSON {"key"} (docs/suppliers/player-lookup.md)',
    });
    new CfnOutput(this, 'SmsSecretName', {
      value: secrets.sms.secretName,
      description:
        'Put the sms.net.bd API key (its panel) here as JSON {"apiKey","senderId"}; senderId an approved masking name or empty (docs/notifications/sms.md)',
    });
    new CfnOutput(this, 'TelegramBotSecretName', {
      value: secrets.telegramBot.secretName,
      description: 'Put the operators\' Telegram bot token here as JSON {"botToken"} (README, Operator alerts)',
    });

    new CfnOutput(this, 'VapidSecretName', {
      value: secrets.vapid.secretName,
      description: 'Put the Web Push VAPID keys here as JSON {"publicKey","privateKey","subject"} (README, Deploy)',
    });

    acknowledge(this, [
      {
        id: 'AwsSolutions-L1',
        reason: 'Node 22 is the pinned runtime of every function and of the project (engines, toolchain notes); upgraded together',
      },
    ]);
  }
}
