/** The request schemas of a shopper's orders, codes, payments and wallet (functions/orders, vouchers, payments, wallet handlers). */
import * as v from 'valibot';
import { boundedInt, idField, imageUploadBody, languageField, optionalSecret, optionalText, requiredText, wholeTaka } from './fields';
import { coupanCodeField } from './promotions';
import { evidenceKeyPattern, guestContactOf, typedMobileCode, voucherQuantity } from './rules';

/**
 * The order payload of spec §3 as it arrives; which account fields are required depends on the
 * plan's group, so the service checks those with the form's messages once it knows the plan.
 */
const orderPayload = {
  plan_id: idField('plan'),
  saccount_type: optionalText(40),
  saccount_id: optionalText(200),
  saccount_password: optionalSecret(200),
  backup_code: optionalText(100),
  coupan_code: coupanCodeField,
};

/** POST /user/request/: an order paid from the wallet, at the price the shopper saw. */
export const placeOrderBody = v.object({ ...orderPayload, paid_from_wallet: wholeTaka('Price') });

/** POST /user/request_webview: an order paid through the gateway, at the price the shopper saw. */
export const gatewayOrderBody = v.object({ ...orderPayload, amount: wholeTaka('Price') });

/**
 * A guest's contact for the receipt and the order link: an e-mail address or a Bangladeshi mobile
 * number (01XXXXXXXXX; +880 and spaces allowed), kept in its normalised form (`guestContactOf`).
 */
export const guestContactField = v.pipe(
  requiredText('Enter your e-mail or mobile number for the receipt', 254),
  v.check((contact) => guestContactOf(contact) !== undefined, 'Enter an e-mail address or a mobile number like 01XXXXXXXXX'),
);

/** POST /guest/request_webview: a guest's top-up by player ID, paid through the gateway, at the price they saw. */
export const guestOrderBody = v.object({
  ...orderPayload,
  amount: wholeTaka('Price'),
  contact: guestContactField,
  language: v.optional(languageField, 'bn'),
});

/** POST /guest/buy_voucher_webview: a guest's codes of a voucher, paid through the gateway, at the total they saw. */
export const guestBuyVoucherBody = v.object({
  voucher_id: idField('voucher'),
  qty: boundedInt(voucherQuantity.min, voucherQuantity.max, `Quantity must be between ${voucherQuantity.min} and ${voucherQuantity.max}`),
  amount: wholeTaka('Price'),
  coupan_code: coupanCodeField,
  contact: guestContactField,
  language: v.optional(languageField, 'bn'),
});

/** POST /guest/order: the secret of a guest's order link. */
export const guestOrderLinkBody = v.object({
  token: requiredText('Order not found', 64),
});

/** POST /guest/find_orders: the contact whose guest orders a one-time code should open. */
export const guestFindOrdersBody = v.object({ contact: guestContactField, language: v.optional(languageField, 'bn') });

/** POST /guest/orders: the contact and the code sent to it. */
export const guestOrdersBody = v.object({
  contact: guestContactField,
  otp: v.pipe(
    requiredText('Enter the 6-digit code we sent you', 20),
    v.check((typed) => typedMobileCode(typed) !== undefined, 'Enter the 6-digit code we sent you'),
  ),
});

/** POST /guest/verify_payment: a guest back from the gateway, with the invoice and the order link's secret kept on their device. */
export const guestVerifyPaymentBody = v.object({ ...guestOrderLinkBody.entries, invoice_id: requiredText('Payment not found', 100) });

/** POST /user/uploads: a permit to upload a screenshot for a report (under the shopper's own evidence/ prefix). */
export const evidenceUploadBody = imageUploadBody;

/** POST /user/order/{id}. */
export const orderParams = v.object({ id: idField('order id') });

/** POST /user/player_ids: the player IDs a shopper used for a game. */
export const playerIdsBody = v.object({ master_category: idField('game') });

/** POST /user/player_lookup: the player behind an ID of a game, before paying. */
export const playerLookupBody = v.object({
  master_category: idField('game'),
  player_id: v.pipe(requiredText('Please fill player ID', 40), v.regex(/^[0-9A-Za-z_-]{1,40}$/, 'Invalid player ID')),
});

/** POST /user/buy_voucher/. */
export const buyVoucherBody = v.object({
  voucher_id: idField('voucher'),
  qty: boundedInt(voucherQuantity.min, voucherQuantity.max, `Quantity must be between ${voucherQuantity.min} and ${voucherQuantity.max}`),
  coupan_code: coupanCodeField,
  /** What the shopper was shown as the total; a different one is refused (409) with nothing charged. */
  expected_total: v.optional(wholeTaka('Price')),
});

/** POST /user/cancel_payment: a pending wallet top-up or gateway order. */
export const cancelPaymentBody = v.object({
  kind: v.picklist(['wallet', 'order'], 'kind must be wallet or order'),
  id: requiredText('id is required', 40),
});

/** POST /user/verify_payment: the gateway's invoice id of a return. */
export const verifyPaymentBody = v.object({ invoice_id: requiredText('invoice_id is required', 100) });

/** POST /payment/webhook, UddoktaPay's callback: the gateway's invoice id (the rest is the gateway's and not read). */
export const webhookBody = v.looseObject({ invoice_id: requiredText('invoice_id is required', 100) });

/** POST /payment/{gateway}/webhook: the gateway's own fields, which its adapter reads (UddoktaPay's: `webhookBody`). */
export const gatewayCallbackBody = v.looseObject({});

/** POST /user/wallet_statement: the next page's cursor. */
export const statementBody = v.object({ cursor: optionalText(2000) });

const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

/** POST /user/wallet_request_webview, within the stage's limits of one top-up. */
export const topUpBody = (limits: { min: number; max: number }) =>
  v.object({
    amount: v.pipe(
      wholeTaka(),
      v.check(
        (amount) => amount >= limits.min && amount <= limits.max,
        `Add between ${taka(limits.min)} and ${taka(limits.max)} at a time`,
      ),
    ),
    /** A millisecond timestamp followed by a random number below 10000 (spec §3). */
    txn_id: v.pipe(requiredText('txn_id is required', 40), v.regex(/^\d{6,40}$/, 'Invalid txn_id')),
    requestData: optionalText(200),
  });

/** POST /supplier/{supplier}/webhook: which supplier calls (its body is read by its adapter, after the signature). */
export const supplierParams = v.object({ supplier: v.picklist(['digiflazz'], 'Unknown supplier') });

/** Why a shopper reports a problem with an order (contract: Claims). */
export const claimReasons = ['not_received', 'code_invalid', 'wrong_player_id', 'paid_twice', 'other'] as const;

/**
 * POST /user/order/{id}/claim: the reason, what happened (required for `other`), an uploaded
 * screenshot, and for `wrong_player_id` the right player ID.
 */
export const claimBody = v.pipe(
  v.object({
    reason: v.picklist(claimReasons, 'Choose what went wrong'),
    message: optionalText(1000),
    image: v.pipe(
      optionalText(200),
      v.check((image) => image === undefined || evidenceKeyPattern.test(image), 'The screenshot must be an uploaded picture'),
    ),
    player_id: optionalText(40),
  }),
  v.forward(
    v.check((claim) => claim.reason !== 'wrong_player_id' || Boolean(claim.player_id), 'Enter the right player ID'),
    ['player_id'],
  ),
  v.forward(
    v.check((claim) => claim.reason !== 'other' || Boolean(claim.message), 'Tell us what went wrong'),
    ['message'],
  ),
);

/** POST /guest/claim: a guest's report, on the order its link's secret opens. */
export const guestClaimBody = v.intersect([claimBody, guestOrderLinkBody]);
