import type { MaskedCodes } from '@contract/admin-wire';
import { useCursorList } from '../../kit/api/cursor-list';

/** GET /admin/vouchers/{id}/codes: the first page's path. */
export const codesListKey = (voucherId: string) => `/admin/vouchers/${encodeURIComponent(voucherId)}/codes`;

export type MaskedCode = MaskedCodes['items'][number];

/** A voucher's unsold codes, masked to their last four characters, a page at a time; `pages[0].stock` is the stock. */
export function useVoucherCodes(voucherId: string | undefined) {
  return useCursorList<MaskedCode, MaskedCodes>(voucherId ? codesListKey(voucherId) : null, (code) => code.code_id);
}
