import './money-pages.css';
import { useCodeHistory } from '../../../features/vouchers/api/get-code-history';
import { CodeHistory } from '../../../features/vouchers/components/code-history';
import { useT } from '../../../features/vouchers/messages';

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
