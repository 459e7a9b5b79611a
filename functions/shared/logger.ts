import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one structured logger. Never pass it a request body, a password, a token, a game-account
 * secret or a voucher code: log ids and outcomes only.
 */
export const logger = new Logger({ serviceName: 'storefront' });
