import type { VoucherWithStock } from './repo';

/** The contract's voucher: `{voucher_id, voucher_name, image, price, stock, description}`. */
export const voucherView = (voucher: VoucherWithStock) => ({
  voucher_id: voucher.id,
  voucher_name: voucher.name,
  image: voucher.image,
  price: voucher.price,
  stock: voucher.stock,
  description: voucher.description,
});
