import type { AdminSalesReport, ClaimFigures } from '@contract/admin-wire';
import type { ReactNode } from 'react';
import { counted, groupDigits, taka } from '../../../../lib/format';
import { barShare, hours, seconds } from '../format';

/** A ranked line: its name, what it says, and a bar of its share of the first line's measure. */
interface RankedLine {
  key: string;
  name: ReactNode;
  detail: ReactNode;
  measure: number;
}

/** A ranking as a list with CSS bars, highest first (the server's order); the empty state in plain words. */
function Ranking({ title, lines, empty }: { title: string; lines: RankedLine[]; empty: string }) {
  const longest = Math.max(0, ...lines.map((line) => line.measure));
  const id = `ranking-${title.toLowerCase().replaceAll(/\W+/g, '-')}`;
  return (
    <section className="report-card" aria-labelledby={id}>
      <h3 id={id} className="report-card-title">
        {title}
      </h3>
      {lines.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ol className="report-ranking">
          {lines.map((line) => (
            <li key={line.key}>
              <div className="report-ranking-text">
                <span className="report-ranking-name">{line.name}</span>
                <span className="report-ranking-detail">{line.detail}</span>
              </div>
              <span className="report-bar" aria-hidden="true">
                <span style={{ width: `${barShare(line.measure, longest)}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The range's rankings: games, plans and vouchers, promo codes and suppliers; and the claims box. */
export function Rankings({ report }: { report: AdminSalesReport }) {
  return (
    <div className="report-rankings">
      <Ranking
        title="Games"
        empty="No sales in these days."
        lines={report.games.map((game) => ({
          key: game.game_id,
          name: game.game_name,
          detail: (
            <>
              <strong className="amount">{taka(game.net)}</strong> net, margin {taka(game.margin)}
            </>
          ),
          measure: game.net,
        }))}
      />
      <Ranking
        title="Plans and vouchers"
        empty="No sales in these days."
        lines={report.items.map((item) => ({
          key: `${item.item_kind}:${item.item_id}`,
          name: (
            <>
              {item.item_name} <span className="muted">· {item.game_name}</span>
            </>
          ),
          detail: (
            <>
              {counted(item.units, 'unit')}, <strong className="amount">{taka(item.net)}</strong> net
            </>
          ),
          measure: item.net,
        }))}
      />
      <Ranking
        title="Promo codes"
        empty="No promo code was used in these days."
        lines={report.promos.map((promo) => ({
          key: promo.coupan_code,
          name: <span className="mono">{promo.coupan_code}</span>,
          detail: (
            <>
              {counted(promo.uses, 'use')}, {taka(promo.discount)} off, <strong className="amount">{taka(promo.revenue)}</strong> taken
            </>
          ),
          measure: promo.revenue,
        }))}
      />
      <Ranking
        title="Suppliers"
        empty="No supplier delivered in these days."
        lines={report.suppliers.map((supplier) => ({
          key: supplier.supplier,
          name: supplier.supplier,
          detail: (
            <>
              {groupDigits(supplier.deliveries)} {supplier.deliveries === 1 ? 'delivery' : 'deliveries'},{' '}
              {counted(supplier.failures, 'failure')}, {supplier.unknowns} unknown, average {seconds(supplier.average_seconds)}
            </>
          ),
          measure: supplier.deliveries,
        }))}
      />
      <ClaimsBox claims={report.claims} />
    </div>
  );
}

/** Claims and holds over the range, in one box. */
function ClaimsBox({ claims }: { claims: ClaimFigures }) {
  const lines: [string, string | number][] = [
    ['Opened', claims.opened],
    ['Settled by a rule', claims.settled_by_rule],
    ['Settled by hand', claims.settled_by_hand],
    ['Average time to settle', hours(claims.average_hours)],
    ['Orders held for review', claims.held],
    ['Held orders released', claims.released],
  ];
  return (
    <section className="report-card" aria-labelledby="report-claims-title" data-report-claims="">
      <h3 id="report-claims-title" className="report-card-title">
        Claims and holds
      </h3>
      <dl className="report-claims">
        {lines.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
