import './money-pages.css';
import { useLocation, useSearchParams } from 'react-router-dom';
import { safeNext } from '../../../config/paths';
import { useSiteSettings } from '../../../features/content/api/get-site-settings';
import { AddMoneyForm } from '../../../features/wallet/components/add-money-form';
import { useT, walletMessages } from '../../../features/wallet/messages';
import { paymentsMessages } from '../../../features/payments/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [paymentsMessages, walletMessages];

/** Add money; ?amount= starts the amount, ?return= (with ?for=) is where to go once the money is in. */
export function AddMoneyPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const location = useLocation();
  const { data: settings } = useSiteSettings();
  const limits = settings ? { min: settings.top_up_min, max: settings.top_up_max } : undefined;
  const back = params.get('return');
  const returnTo = back ? { path: safeNext(back), label: params.get('for') || t('wallet.whatYouWereBuying') } : undefined;
  return (
    <AddMoneyForm
      key={location.search}
      limits={limits}
      initialAmount={params.get('amount') ?? ''}
      returnTo={returnTo}
      here={`${location.pathname}${location.search}`}
    />
  );
}

export { AddMoneyPage as Component };
