import type { supplierRateBody } from '@contract/admin-operations';
import type { AdminDeliveries as WireAdminDeliveries } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { orderFromWire } from '../../../../lib/statuses';
import { type AdminDeliveries, deliveriesKey } from './get-deliveries';

/** The request POST /admin/suppliers/{supplier} takes (functions/contract/admin-operations.ts). */
export type SupplierRateRequest = v.InferInput<typeof supplierRateBody> & { supplier: string };

/** POST /admin/suppliers/{supplier}: saves the exchange rate of its currency; puts the delivery view it answers in place. */
export function useSaveSupplierRate() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/suppliers',
    async (_key: string, { arg }: { arg: SupplierRateRequest }) => {
      const { data, message } = await apiRequest<WireAdminDeliveries>('POST', `/admin/suppliers/${encodeURIComponent(arg.supplier)}`, {
        body: { rate: arg.rate },
      });
      const view: AdminDeliveries = { ...data, open: data.open.map(orderFromWire), failed: data.failed.map(orderFromWire) };
      await mutate(deliveriesKey, view, { revalidate: false });
      return message;
    },
    writeOptions,
  );
}
