/** The console's sales report on the wire, and its day table as CSV (issue 42). */
import type { AdminSalesDays, SalesItemRow } from '../contract/admin-wire';
import type { ItemDay, SalesDay } from '../reports/service';
import { csvText } from '../shared/csv';

type Figures = SalesDay['totals'];

type SalesDayRowFigures = Omit<SalesItemRow, 'item_kind' | 'game_id' | 'game_name' | 'item_id' | 'item_name'>;

const figuresView = (figures: Figures): SalesDayRowFigures => ({
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

const itemView = (item: ItemDay): SalesItemRow => ({
  item_kind: item.itemKind,
  game_id: item.gameId,
  game_name: item.gameName,
  item_id: item.itemId,
  item_name: item.itemName,
  ...figuresView(item),
});

/** The days on the wire, each day's items by game and name. */
export const salesDaysView = (days: SalesDay[]): AdminSalesDays => ({
  days: days.map((day) => ({
    day: day.day,
    items: day.items.map(itemView).sort((a, b) => a.game_id.localeCompare(b.game_id) || a.item_name.localeCompare(b.item_name)),
    channels: day.channels.map((channel) => ({ channel: channel.channel, payments: channel.payments, amount: channel.amount })),
    promos: day.promos.map((promo) => ({
      coupan_code: promo.coupanCode,
      uses: promo.uses,
      discount: promo.discount,
      revenue: promo.revenue,
    })),
    totals: figuresView(day.totals),
  })),
});

const csvHeader = [
  'day',
  'game_id',
  'game',
  'item_kind',
  'item_id',
  'item',
  'orders',
  'units',
  'gross',
  'discount',
  'net',
  'refunds_wallet',
  'refunds_method',
  'cost',
  'margin',
] as const;

/** The day table: a row per day and item, the same figures as the screen's. */
export const salesDaysCsv = (report: AdminSalesDays) =>
  csvText(
    csvHeader,
    report.days.flatMap((day) =>
      day.items.map((item) => [
        day.day,
        item.game_id,
        item.game_name,
        item.item_kind,
        item.item_id,
        item.item_name,
        item.orders,
        item.units,
        item.gross,
        item.discount,
        item.net,
        item.refunds_wallet,
        item.refunds_method,
        item.cost,
        item.margin,
      ]),
    ),
  );
