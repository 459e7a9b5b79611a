import type { CodeOrderRow, CodeSale, VoucherRow } from '../contract/wire';
import type { VoucherOrder, VoucherWithStock } from './repo';

/** The contract's voucher: `{voucher_id, voucher_name, image, price, stock, description}`. */
export const voucherView = (voucher: VoucherWithStock): VoucherRow => ({
  voucher_id: voucher.id,
  voucher_name: voucher.name,
  image: voucher.image,
  price: voucher.price,
  stock: voucher.stock,
  description: voucher.description,
});

/** The contract's code purchase row: `price` is the unit price, `codes` comma-separated. */
export const codeOrderView = (order: VoucherOrder): CodeOrderRow => ({
  order_id: order.orderId,
  created_at: order.createdAt,
  voucher_name: order.voucherName,
  price: order.unitPrice,
  codes: order.codes.join(','),
});

/** The contract's answer to a purchase: the order and its codes, comma-separated. */
export const codeSaleView = (order: VoucherOrder): CodeSale => ({ order_id: order.orderId, codes: order.codes.join(',') });
