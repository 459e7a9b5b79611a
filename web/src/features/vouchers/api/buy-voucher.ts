import type { Voucher } from './get-vouchers';

/** Buys `qty` codes of a voucher: POST /user/buy_voucher/. Buying arrives with the voucher purchase issue. */
export async function buyVoucher(_voucher: Pick<Voucher, 'voucher_id' | 'price' | 'voucher_name'>, _qty: number): Promise<void> {
  throw new Error('Ordering opens soon');
}
