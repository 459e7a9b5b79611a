import './money-pages.css';
import { useCodeHistory } from '../../../features/vouchers/api/get-code-history';
import { CodeHistory } from '../../../features/vouchers/components/code-history';
import { useT, vouchersMessages } from '../../../features/vouchers/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [vouchersMessages];

/** My Codes: every code bought, ready to copy. */
export function CodesPage() {
  const { t } = useT();
  const { data, isLoading } = useCodeHistory();
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>{t('vouchers.myCodes')}</h1>
      </div>
      {isLoading ? <div className="skeleton table-skeleton" /> : <CodeHistory purchases={data ?? []} />}
    </section>
  );
}

export { CodesPage as Component };
