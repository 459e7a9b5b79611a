import { Trans } from '@lingui/react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import type { CodePurchase } from '../api/get-code-history';
import { t, useT } from '../messages';

async function copy(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(t('vouchers.copied'), { toastId: `copied-${code}` });
  } catch {
    toast.error(t('vouchers.copyFailed'));
  }
}

/** The user's codes, each with a copy button; the price shown is unit price × number of codes. */
export function CodeHistory({ purchases }: { purchases: CodePurchase[] }) {
  const { t, taka, dateTime } = useT();
  if (purchases.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('vouchers.historyEmpty')}</p>
        <Link className="button button-primary button-small" to={paths.voucherCode}>
          {t('vouchers.buyAGiftCard')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="code-purchases">
      {purchases.map((purchase) => {
        const codes = purchase.codes.split(',').filter(Boolean);
        return (
          <li key={purchase.order_id} className="code-purchase">
            <div className="code-purchase-head">
              <div>
                <p className="code-purchase-name">{purchase.voucher_name}</p>
                <small className="muted">
                  <Trans
                    id="vouchers.orderLine"
                    values={{ orderId: purchase.order_id, date: dateTime(purchase.created_at) }}
                    components={{ 0: <span className="mono" /> }}
                  />
                </small>
              </div>
              <div className="code-purchase-side">
                <span className="amount">{taka(purchase.price * codes.length)}</span>
                <span className="status-badge status-ok">{t('vouchers.delivered')}</span>
              </div>
            </div>
            <ul className="code-list">
              {codes.map((code) => (
                <li key={code}>
                  <code className="voucher-code">{code}</code>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => copy(code)}
                    aria-label={t('vouchers.copyCode', { code })}
                  >
                    {t('vouchers.copy')}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
