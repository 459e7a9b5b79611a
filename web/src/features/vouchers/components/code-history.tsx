import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { dateTime, taka } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { CodePurchase } from '../api/get-code-history';

async function copy(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success('Coppied', { toastId: `copied-${code}` });
  } catch {
    toast.error('Copy failed; select the code and copy it by hand');
  }
}

/** The user's codes, each with a copy button; the price shown is unit price × number of codes. */
export function CodeHistory({ purchases }: { purchases: CodePurchase[] }) {
  if (purchases.length === 0) {
    return (
      <div className="empty-state">
        <p>No codes yet. Buy a gift card and its code appears here.</p>
        <Link className="button button-primary button-small" to={paths.voucherCode}>
          Buy a gift card
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
                  Order <span className="mono">{purchase.order_id}</span> · {dateTime(purchase.created_at)}
                </small>
              </div>
              <div className="code-purchase-side">
                <span className="amount">{taka(purchase.price * codes.length)}</span>
                <span className="status-badge status-ok">Delivered</span>
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
                    aria-label={`Copy code ${code}`}
                  >
                    Copy
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
