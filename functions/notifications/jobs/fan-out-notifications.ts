import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromItem } from '../../shared/items';
import { logger } from '../../shared/logger';
import { type AlertSettings, alertSettings } from '../alert-settings';
import { alertFromItem } from '../alerts';
import { telegramAlert } from '../channels/telegram';
import { fanOut } from '../fan-out';
import type { Notification } from '../repo';

/**
 * The outbox's consumer: DynamoDB Streams (new images, filtered to new notifications and operator
 * alerts) in the cloud, the local stack's poller of DynamoDB Local's stream at home. Each
 * notification goes out at most once per channel, each alert once to the operators' Telegram
 * (claimed on the item); a record that fails is reported alone, so the stream retries it and not
 * its batch, and after the retries it lands in the dead-letter queue.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
    // Read once a batch, and only for a batch with alerts.
    let settings: Promise<AlertSettings> | undefined;
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (record.eventName !== 'INSERT' || !image) continue;
      const item = unmarshall(image as Parameters<typeof unmarshall>[0]);
      if (item.entity !== 'Notification' && item.entity !== 'Alert') continue;
      try {
        if (item.entity === 'Alert') {
          settings ??= alertSettings();
          await telegramAlert(alertFromItem(item), await settings);
        } else await fanOut(fromItem<Notification>(item));
      } catch (error) {
        logger.error(`${item.entity === 'Alert' ? 'alert' : 'notification'} not carried`, { id: item.id, error: error as Error });
        failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      }
    }
    return { batchItemFailures: failures };
  });
