/** "Please order between 1 and 10", as the shop says it in Bengali (spec §5); the bounds are `voucherQuantity` of @contract/rules. */
export const quantityError = 'অনুগ্রহ করে ১ থেকে ১০ এর মধ্যে অর্ডার করুন';
