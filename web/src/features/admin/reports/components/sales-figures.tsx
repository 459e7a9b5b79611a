import type { SalesFigures as Figures } from '@contract/admin-wire';
import { counted, taka } from '../../../../lib/format';

/** The range's summary: net sales, margin, orders, refunds (to wallets and to the payment method) and discount; dashes until they arrive. */
export function SalesFigures({ totals }: { totals: Figures | undefined }) {
  const amount = (value: number | undefined) => (value === undefined ? '—' : taka(value));
  const refunds = totals && totals.refunds_wallet + totals.refunds_method;
  const figures = [
    { label: 'Net sales', value: amount(totals?.net), note: 'after discounts' },
    { label: 'Margin', value: amount(totals?.margin), note: 'net less refunds and cost' },
    { label: 'Orders', value: totals ? String(totals.orders) : '—', note: totals ? counted(totals.units, 'unit') : 'units' },
    {
      label: 'Refunds',
      value: amount(refunds),
      note: totals
        ? `${taka(totals.refunds_wallet)} to wallets, ${taka(totals.refunds_method)} to the method`
        : 'to wallets and the method',
    },
    { label: 'Discount', value: amount(totals?.discount), note: 'promo codes and sales' },
  ];
  return (
    <ul className="figure-grid report-figures" data-report-figures="">
      {figures.map((figure) => (
        <li key={figure.label} className="figure-card">
          <p className="figure-label">{figure.label}</p>
          <p className="figure-count">{figure.value}</p>
          <p className="figure-note">{figure.note}</p>
        </li>
      ))}
    </ul>
  );
}
