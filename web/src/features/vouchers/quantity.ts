import { voucherQuantity } from '../../config/site';

/** "Please order between 1 and 10", as the shop says it in Bengali (spec §5). */
export const quantityError = 'অনুগ্রহ করে ১ থেকে ১০ এর মধ্যে অর্ডার করুন';

/** Whether a quantity may be ordered: a whole number from 1 to 10. */
export const isOrderableQuantity = (qty: number) => Number.isInteger(qty) && qty >= voucherQuantity.min && qty <= voucherQuantity.max;
