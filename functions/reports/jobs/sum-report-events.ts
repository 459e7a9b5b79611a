import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromItem } from '../../shared/items';
import { logger } from '../../shared/logger';
import { applyReportEvents } from '../apply';
import type { ReportEvent } from '../events';

/**
 * The reports' consumer: DynamoDB Streams (new report events) in the cloud, the local stack's
 * poller at home. A batch is summed into the day's aggregates once per event (decision 0023); a
 * failed batch is reported whole, and the stream hands it over again, which adds nothing twice.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const records = event.Records.filter((record) => record.eventName === 'INSERT' && record.dynamodb?.NewImage);
    const events = records
      .map((record) => unmarshall(record.dynamodb!.NewImage as Parameters<typeof unmarshall>[0]))
      .filter((item) => item.entity === 'ReportEvent')
      .map((item) => fromItem<ReportEvent>(item));
    try {
      await applyReportEvents(events);
      return { batchItemFailures: [] };
    } catch (error) {
      logger.error('report events not summed', { events: events.length, error: error as Error });
      return { batchItemFailures: records.map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })) };
    }
  });
