import { apiRequest } from '../../../lib/api';
import { refreshUserInfo } from '../../../lib/user-info';
import type { Voucher } from './get-vouchers';

/** Buys `qty` codes of a voucher from the wallet (POST /user/buy_voucher/), then refreshes the user info; answers the server's message. */
export async function buyVoucher(voucher: Pick<Voucher, 'voucher_id'>, qty: number): Promise<string> {
  const { message } = await apiRequest('POST', '/user/buy_voucher/', { body: { voucher_id: voucher.voucher_id, qty } });
  await refreshUserInfo().catch(() => undefined);
  return message;
}
