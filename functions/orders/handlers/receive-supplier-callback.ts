import { supplierRoute } from '../../http/supplier-route';
import { success } from '../../http/stack';
import { receiveSupplierCallback } from '../delivery';
import { supplierParams } from '../../contract/orders';

/**
 * A supplier's callback about a top-up: only its signature over the exact body makes it count, and
 * then only as a reason to ask the supplier ourselves. Replays and late callbacks answer 200 and
 * change nothing, so the supplier stops retrying.
 */
export const handler = supplierRoute({ params: supplierParams }, async ({ params, headers, rawBody }) => {
  await receiveSupplierCallback(params.supplier, headers, rawBody);
  return success({}, 'Received');
});
