import { inject } from 'vitest';
import { domainEnvironment } from '../../scripts/local/domain-env';
import { localDistributionId } from '../../scripts/local/edge-cache';
import { testOriginSecret } from './lambda-event';
import { testLoginWindowSeconds } from './spawn-stack';

/**
 * Points this test worker's own repos and token helpers at the stack's DynamoDB Local and
 * secrets, so that a test can set up data and check the table behind the HTTP API.
 */
const stack = inject('stack');
Object.assign(process.env, await domainEnvironment(stack), {
  // Data a test writes behind the API empties the edge cache as an operator's edit does (support/catalog.ts).
  EDGE_DISTRIBUTION_ID: localDistributionId,
  AWS_ENDPOINT_URL_CLOUDFRONT: stack.edgeInvalidationUrl,
  LOGIN_WINDOW_SECONDS: String(testLoginWindowSeconds),
  // For handlers a test drives directly, with events from lambda-event.ts.
  ORIGIN_VERIFY_SECRET: testOriginSecret,
  // The outbox's consumer, when a test replays records to it: the stack's bot and its Telegram stand-in.
  TELEGRAM_API_URL: stack.telegramUrl,
  TELEGRAM_BOT_TOKEN: stack.telegramBotToken,
});
