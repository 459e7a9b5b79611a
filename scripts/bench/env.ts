import type { BenchStack } from './stack';

/**
 * Points this process's domain code (the repos, the services) at the running stack's DynamoDB
 * Local and secrets, as the stack's own functions see them; logging off.
 */
export function useStackEnvironment(stack: BenchStack): void {
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamoDbEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    APP_MASTER_SECRET: stack.masterSecret,
    GATEWAY_API_KEY: stack.gatewayApiKey,
    GATEWAY_URL: stack.gatewayUrl,
    SITE_URL: stack.url,
    STAGE: 'local',
    MAIL_FROM: 'TopUp Bazar <no-reply@topupbazar.local>',
    SES_ENDPOINT: stack.mailboxUrl,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
}
