import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { AppSecret } from './constructs/app-secret';
import { Data } from './constructs/data';
import { FunctionRoles } from './constructs/function-roles';
import { SiteBucket, uploadsPrefix } from './constructs/site-bucket';
import type { FunctionDefaults } from './constructs/house-function';
import { Jobs } from './constructs/jobs';
import { Web } from './constructs/web';

export type StageName = 'dev' | 'prod';

export interface StorefrontStackProps extends StackProps {
  stage: StageName;
  /** The built SPA folder (web/dist); the tests pass a stand-in. */
  webAssetsDir: string;
  /** The payment gateway's base URL. */
  gatewayUrl: string;
  /** The Google OAuth client id; empty until one is registered (Google sign-in then refuses). */
  googleClientId: string;
  apiThrottle: Required<ThrottleSettings>;
  /**
   * For local tools only (sam local against LocalStack): every AWS SDK call goes to this endpoint.
   * Never set for a real deploy.
   */
  awsEndpointUrl?: string;
}

/**
 * One stage of the shop: the table, the stage secret, the API (a function per route-table row),
 * the scheduled payments reconciler, and the site (bucket and CloudFront in front of both). Prod keeps its data, secret, bucket and
 * logs when the stack is deleted; dev removes everything.
 */
export class StorefrontStack extends Stack {
  constructor(scope: Construct, id: string, props: StorefrontStackProps) {
    super(scope, id, props);
    const retain = props.stage === 'prod';

    const { table } = new Data(this, 'Data', { retain });
    const { secret } = new AppSecret(this, 'AppSecret', { retain });

    const defaults: FunctionDefaults = {
      environment: {
        STAGE: props.stage,
        GATEWAY_URL: props.gatewayUrl,
        GOOGLE_CLIENT_ID: props.googleClientId,
        GOOGLE_ISSUER: 'https://accounts.google.com',
        GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
        ...(props.awsEndpointUrl ? { AWS_ENDPOINT_URL: props.awsEndpointUrl } : {}),
      },
      logRetention: retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
      logRemovalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    };
    const { bucket: siteBucket } = new SiteBucket(this, 'Site', { retain });
    const roles = new FunctionRoles(this, 'FunctionRoles', { table, secret, siteBucket, uploadsPrefix });
    const { httpApi } = new Api(this, 'Api', { table, secret, roles, siteBucket, defaults, throttle: props.apiThrottle });
    new Jobs(this, 'Jobs', { table, secret, roles, defaults });
    const { distribution } = new Web(this, 'Web', {
      assetsDir: props.webAssetsDir,
      api: httpApi,
      googleClientId: props.googleClientId,
      bucket: siteBucket,
    });

    new CfnOutput(this, 'SiteUrl', { value: `https://${distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: httpApi.apiEndpoint, description: 'The API directly; the site serves it under /api' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'SecretName', { value: secret.secretName });
  }
}
