/** The console's sales report on the wire, and its tables as CSV (issue 42): the same figures as the screen's. */
import type { AdminSalesReport, SalesFigures, SalesItemRow } from '../contract/admin-wire';
import type { ClaimSums, ItemFigures, ItemSales, SalesReport, SupplierFigures } from '../reports/service';
import { csvText } from '../shared/csv';

const figuresView = (figures: ItemFigures): SalesFigures => ({
  orders: figures.orders,
  units: figures.units,
  gross: figures.gross,
  discount: figures.discount,
  net: figures.net,
  refunds_wallet: figures.refundsWallet,
  refunds_method: figures.refundsMethod,
  cost: figures.cost,
  margin: figures.margin,
});

const itemView = (item: ItemSales): SalesItemRow => ({
  item_kind: item.itemKind,
  game_id: item.gameId,
  game_name: item.gameName,
  item_id: item.itemId,
  item_name: item.itemName,
  ...figuresView(item),
});

/** A mean, rounded, or none when nothing was counted. */
const mean = (sum: number, count: number, unit = 1) => (count > 0 ? Math.round(sum / count / unit) : null);

const supplierView = (supplier: SupplierFigures) => ({
  supplier: supplier.supplier,
  deliveries: supplier.deliveries,
  failures: supplier.failures,
  unknowns: supplier.unknowns,
  average_seconds: mean(supplier.deliveredSeconds, supplier.deliveries),
});

const claimsView = (claims: ClaimSums) => ({
  opened: claims.opened,
  settled_by_rule: claims.settledByRule,
  settled_by_hand: claims.settledByHand,
  average_hours: mean(claims.resolveSeconds, claims.settledByRule + claims.settledByHand, 3600),
  held: claims.held,
  released: claims.released,
});

const promoView = (promo: SalesReport['promos'][number]) => ({
  coupan_code: promo.coupanCode,
  uses: promo.uses,
  discount: promo.discount,
  revenue: promo.revenue,
});

/** The range on the wire. */
export const salesReportView = (range: { from: string; to: string }, report: SalesReport): AdminSalesReport => ({
  from: range.from,
  to: range.to,
  totals: figuresView(report.totals),
  days: report.days.map((day) => ({ day: day.day, totals: figuresView(day.totals) })),
  games: report.games.map((game) => ({ game_id: game.gameId, game_name: game.gameName, ...figuresView(game) })),
  items: report.items.map(itemView),
  channels: report.channels.map((channel) => ({ channel: channel.channel, payments: channel.payments, amount: channel.amount })),
  promos: report.promos.map(promoView),
  suppliers: report.suppliers.map(supplierView),
  claims: claimsView(report.claims),
});

const figureColumns = ['orders', 'units', 'gross', 'discount', 'net', 'refunds_wallet', 'refunds_method', 'cost', 'margin'] as const;

/** The day table: a row per day and plan or voucher, each day's items by game and name; its columns sum to the screen's totals. */
export const salesDaysCsv = (report: SalesReport) =>
  csvText(
    ['day', 'game_id', 'game', 'item_kind', 'item_id', 'item', ...figureColumns],
    report.days.flatMap((day) =>
      day.items
        .map(itemView)
        .sort((a, b) => a.game_id.localeCompare(b.game_id) || a.item_name.localeCompare(b.item_name))
        .map((item) => [
          day.day,
          item.game_id,
          item.game_name,
          item.item_kind,
          item.item_id,
          item.item_name,
          ...figureColumns.map((column) => item[column]),
        ]),
    ),
  );

/** The promotions table: a row per day and promo code; its columns sum to the screen's promo codes. */
export const salesPromotionsCsv = (report: SalesReport) =>
  csvText(
    ['day', 'coupan_code', 'uses', 'discount', 'revenue'],
    report.days.flatMap((day) =>
      day.promos.map(promoView).map((promo) => [day.day, promo.coupan_code, promo.uses, promo.discount, promo.revenue]),
    ),
  );
