import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { supplierNameParams, supplierRateBody } from '../../contract/admin-operations';
import { deliveryOverview, setSupplierRate } from '../service/deliveries';
import { deliveriesView } from '../views';

export const handler = adminRoute({ params: supplierNameParams, ...formBody(supplierRateBody) }, async ({ params, body, user }) => {
  await setSupplierRate(user, params.supplier, body.rate);
  return success(deliveriesView(await deliveryOverview()), 'Exchange rate saved');
});
