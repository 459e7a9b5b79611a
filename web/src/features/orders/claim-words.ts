import type { ClaimRow } from '@contract/wire';
import type { Translate } from './messages';

/** Why a shopper reports a problem, in the current language. */
export const claimReasonLabels: Record<ClaimRow['reason'], (t: Translate) => string> = {
  not_received: (t) => t('orders.claim.reasonNotReceived'),
  code_invalid: (t) => t('orders.claim.reasonCodeInvalid'),
  wrong_player_id: (t) => t('orders.claim.reasonWrongPlayerId'),
  paid_twice: (t) => t('orders.claim.reasonPaidTwice'),
  other: (t) => t('orders.claim.reasonOther'),
};

/** Who wrote a message of a report's thread, in the current language. */
export const claimAuthorLabels: Record<ClaimRow['thread'][number]['from'], (t: Translate) => string> = {
  shopper: (t) => t('orders.claim.fromShopper'),
  operator: (t) => t('orders.claim.fromOperator'),
  shop: (t) => t('orders.claim.fromShop'),
};
