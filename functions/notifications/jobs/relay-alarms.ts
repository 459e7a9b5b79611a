import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { SNSEvent } from 'aws-lambda';
import { logger } from '../../shared/logger';
import { type CloudAlarm, cloudAlarmAlert, raiseAlert } from '../alerts';

/**
 * The stage's CloudWatch alarms, relayed from their SNS topic to the operators' Telegram: each
 * alarm message becomes an operator alert (the outbox carries it, once), so an alarm reaches a
 * phone as well as the alarm e-mail. A message that is not an alarm's is logged and dropped.
 */
export const handler = middy<SNSEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event: SNSEvent) => {
    for (const record of event.Records) {
      let alarm: CloudAlarm;
      try {
        alarm = JSON.parse(record.Sns.Message) as CloudAlarm;
      } catch {
        logger.warn('not an alarm message; dropped', { messageId: record.Sns.MessageId });
        continue;
      }
      if (!alarm.AlarmName || !alarm.NewStateValue || !alarm.StateChangeTime) {
        logger.warn('not an alarm message; dropped', { messageId: record.Sns.MessageId });
        continue;
      }
      const written = await raiseAlert(cloudAlarmAlert(alarm, new Date().toISOString()));
      logger.info('alarm relayed', { alarm: alarm.AlarmName, state: alarm.NewStateValue, written });
    }
  });
