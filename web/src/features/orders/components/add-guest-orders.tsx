import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useClaimGuestOrders } from '../api/claim-guest-orders';
import { useT } from '../messages';

/**
 * "Add my earlier orders to this account": after one confirmation, the guest orders of the
 * account's verified e-mail or mobile number move into it; a toast says how many, and My Orders is
 * read again.
 */
export function AddGuestOrders() {
  const { t, number } = useT();
  const [asking, setAsking] = useState(false);
  const { trigger } = useClaimGuestOrders();
  return (
    <div className="button-row add-guest-orders">
      <button type="button" className="button button-ghost button-small" onClick={() => setAsking(true)}>
        {t('orders.guest.addEarlier')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('orders.guest.addEarlierTitle')}
          confirmLabel={t('orders.guest.addEarlierConfirm')}
          busyLabel={t('orders.guest.adding')}
          cancelLabel={t('orders.guest.cancel')}
          failedMessage={t('orders.guest.failed')}
          tone="primary"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            const claimed = await trigger();
            return claimed > 0 ? t('orders.guest.added', { count: number(claimed) }) : t('orders.guest.addedNone');
          }}
        >
          <p>{t('orders.guest.addEarlierText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
