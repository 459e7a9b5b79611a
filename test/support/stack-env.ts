import { inject } from 'vitest';
import { localDistributionId } from '../../scripts/local/edge-cache';
import { testOriginSecret } from './lambda-event';
import { testLoginWindowSeconds } from './spawn-stack';

/**
 * Points this test worker's own repos and token helpers at the stack's DynamoDB Local and
 * secrets, so that a test can set up data and check the table behind the HTTP API.
 */
const stack = inject('stack');
Object.assign(process.env, {
  TABLE_NAME: stack.tableName,
  AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoDbEndpoint,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  APP_MASTER_SECRET: stack.masterSecret,
  GATEWAY_API_KEY: stack.gatewayApiKey,
  GATEWAY_URL: stack.gatewayUrl,
  SITE_URL: stack.url,
  MAIL_FROM: 'TopUp Bazar <no-reply@topupbazar.local>',
  AWS_ENDPOINT_URL_SESV2: stack.mailboxUrl,
  // Data a test writes behind the API empties the edge cache as an operator's edit does (support/catalog.ts).
  EDGE_DISTRIBUTION_ID: localDistributionId,
  AWS_ENDPOINT_URL_CLOUDFRONT: stack.edgeInvalidationUrl,
  LOGIN_WINDOW_SECONDS: String(testLoginWindowSeconds),
  // For handlers a test drives directly, with events from lambda-event.ts.
  ORIGIN_VERIFY_SECRET: testOriginSecret,
  POWERTOOLS_LOG_LEVEL: 'SILENT',
});
