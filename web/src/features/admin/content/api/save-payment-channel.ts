import type { AdminPaymentChannel } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { contentKey } from './get-content';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { savePaymentChannelBody } from '@contract/admin-content';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/admin-content.ts). */
export type PaymentChannelInput = v.InferInput<typeof savePaymentChannelBody>;

/** POST /admin/senders: a new payment channel of the add-money page, or a change of one. Revalidates the content and the shop's reads. */
export function useSavePaymentChannel() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/senders',
    async (path: string, { arg }: { arg: PaymentChannelInput }) => {
      const { data, message } = await apiRequest<AdminPaymentChannel>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(contentKey), refreshShopReads(mutate, 'content')]);
      return { channel: data, message };
    },
    writeOptions,
  );
}
