import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromItem } from '../../shared/items';
import { logger } from '../../shared/logger';
import { startDelivery } from '../delivery';
import type { PlanOrder } from '../types';

type StreamRecord = DynamoDBStreamEvent['Records'][number];

/** A new paid order whose top-up goes to a supplier and is not sent yet: what this consumer sends. */
function queuedSupplierOrder(record: StreamRecord): PlanOrder | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return undefined;
  const item = unmarshall(image as Parameters<typeof unmarshall>[0]);
  if (item.entity !== 'PlanOrder') return undefined;
  const order = fromItem<PlanOrder>(item);
  return order.delivery?.mode === 'supplier' && order.delivery.state === 'queued' ? order : undefined;
}

/**
 * The delivery dispatcher: DynamoDB Streams (new images, filtered at the event source to new
 * orders whose supplier top-up is queued) in the cloud, the local stack's poller at home. The order
 * was written with its delivery's intent (the outbox), and this sends it, once: the send is claimed
 * on the order before the supplier is called, so a replayed record, the delivery job and this never
 * send twice. Its calls leave from the stage's fixed outbound address, which the supplier
 * whitelists; a record that fails is reported alone and retried, and the delivery job takes up any
 * order still queued.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const sends = event.Records.flatMap((record) => {
      const order = queuedSupplierOrder(record);
      return order ? [{ record, order }] : [];
    });
    const results = await Promise.allSettled(sends.map(({ order }) => startDelivery(order)));
    const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
    for (const [i, result] of results.entries()) {
      if (result.status === 'fulfilled') continue;
      const { record, order } = sends[i]!;
      logger.error('delivery not dispatched', { orderId: order.orderId, error: result.reason as Error });
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
    return { batchItemFailures: failures };
  });
