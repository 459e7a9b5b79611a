/**
 * The sales report (issue 42, decision 0023): a range of Dhaka days read from the aggregates in one
 * Query; each day's totals (the trend) and the range's sums by game, item, channel, promo code and
 * supplier, with the claims'; margins and means worked out here, never stored.
 */
import { daysBetween } from '../contract/report-range';
import { channelColumns, claimColumns, itemColumns, promoColumns, supplierColumns } from './aggregates';
import { rangeAggregates } from './repo';

type Figures<Columns extends readonly string[]> = Record<Columns[number], number>;

export type ItemFigures = Figures<typeof itemColumns> & { margin: number };

/** A plan's or a voucher's figures: its names, its numbers, and its margin (net less refunds and recorded cost). */
export interface ItemSales extends ItemFigures {
  itemKind: 'plan' | 'voucher';
  gameId: string;
  gameName: string;
  itemId: string;
  itemName: string;
}

export interface GameSales extends ItemFigures {
  gameId: string;
  gameName: string;
}

export interface ChannelSales extends Figures<typeof channelColumns> {
  channel: string;
}

export interface PromoSales extends Figures<typeof promoColumns> {
  coupanCode: string;
}

export interface SupplierFigures extends Figures<typeof supplierColumns> {
  supplier: string;
}

export type ClaimSums = Figures<typeof claimColumns>;

/** A day's items (the day table's rows) and totals. */
export interface SalesDay {
  day: string;
  items: ItemSales[];
  promos: PromoSales[];
  totals: ItemFigures;
}

/** The range: its days (every one, quiet ones with zeros) and its sums, each list highest first. */
export interface SalesReport {
  days: SalesDay[];
  totals: ItemFigures;
  games: GameSales[];
  items: ItemSales[];
  channels: ChannelSales[];
  promos: PromoSales[];
  suppliers: SupplierFigures[];
  claims: ClaimSums;
}

const numbersOf = <Columns extends readonly string[]>(columns: Columns, item: Record<string, unknown>) =>
  Object.fromEntries(columns.map((column) => [column, Number(item[column] ?? 0)])) as Figures<Columns>;

const withMargin = <Row extends Figures<typeof itemColumns>>(figures: Row): Row & { margin: number } => ({
  ...figures,
  margin: figures.net - figures.refundsWallet - figures.refundsMethod - figures.cost,
});

/** Rows summed by a key: the first row's names kept, its numbers (`columns`) added. */
function sumBy<Row extends object>(rows: Row[], keyOf: (row: Row) => string, columns: readonly (keyof Row & string)[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = keyOf(row);
    const found = byKey.get(key) as Record<string, number> | undefined;
    if (!found) byKey.set(key, { ...row });
    else for (const column of columns) found[column] = (found[column] ?? 0) + Number(row[column]);
  }
  return [...byKey.values()];
}

/** The columns of many rows added up (zeros for none), and nothing else of them. */
const totalsOf = <Columns extends readonly string[]>(columns: Columns, rows: Figures<Columns>[]) =>
  Object.fromEntries(
    columns.map((column) => [column, rows.reduce((sum, row) => sum + Number(row[column as Columns[number]]), 0)]),
  ) as Figures<Columns>;

const itemTotals = (items: Figures<typeof itemColumns>[]) => withMargin(totalsOf(itemColumns, items));

const byValue =
  <Row>(figureOf: (row: Row) => number, nameOf: (row: Row) => string) =>
  (a: Row, b: Row) =>
    figureOf(b) - figureOf(a) || nameOf(a).localeCompare(nameOf(b));

/** The report of the days from `from` to `to` (both included), from their aggregates. */
export async function salesReport(from: string, to: string): Promise<SalesReport> {
  const aggregates = await rangeAggregates(from, to);
  const items: (ItemSales & { day: string })[] = [];
  const channels: ChannelSales[] = [];
  const promos: (PromoSales & { day: string })[] = [];
  const suppliers: SupplierFigures[] = [];
  const claims: ClaimSums[] = [];
  for (const aggregate of aggregates) {
    const [day, kind] = String(aggregate.sk).split('#');
    if (!day) continue;
    if (kind === 'ITEM')
      items.push({
        day,
        itemKind: aggregate.itemKind as ItemSales['itemKind'],
        gameId: String(aggregate.gameId),
        gameName: String(aggregate.gameName ?? ''),
        itemId: String(aggregate.itemId),
        itemName: String(aggregate.itemName ?? ''),
        ...withMargin(numbersOf(itemColumns, aggregate)),
      });
    else if (kind === 'CHANNEL') channels.push({ channel: String(aggregate.channel), ...numbersOf(channelColumns, aggregate) });
    else if (kind === 'PROMO') promos.push({ day, coupanCode: String(aggregate.coupanCode), ...numbersOf(promoColumns, aggregate) });
    else if (kind === 'SUPPLIER') suppliers.push({ supplier: String(aggregate.supplier), ...numbersOf(supplierColumns, aggregate) });
    else if (kind === 'CLAIMS') claims.push(numbersOf(claimColumns, aggregate));
  }
  const days = daysBetween(from, to).map((day): SalesDay => {
    const dayItems = items.filter((item) => item.day === day);
    return { day, items: dayItems, promos: promos.filter((promo) => promo.day === day), totals: itemTotals(dayItems) };
  });
  const itemKey = (item: ItemSales) => `${item.gameId}#${item.itemKind}#${item.itemId}`;
  const rangeItems = sumBy(items, itemKey, itemColumns).map(({ day: _day, ...item }) => withMargin(item));
  const games = sumBy(
    rangeItems.map(({ itemKind: _kind, itemId: _id, itemName: _name, ...game }) => game),
    (game) => game.gameId,
    itemColumns,
  ).map(withMargin);
  return {
    days,
    totals: itemTotals(items),
    games: games.sort(
      byValue(
        (game) => game.net,
        (game) => game.gameName,
      ),
    ),
    items: rangeItems.sort(
      byValue(
        (item) => item.net,
        (item) => item.itemName,
      ),
    ),
    channels: sumBy(channels, (channel) => channel.channel, channelColumns).sort(
      byValue(
        (row) => row.amount,
        (row) => row.channel,
      ),
    ),
    promos: sumBy(promos, (promo) => promo.coupanCode, promoColumns)
      .map(({ day: _day, ...promo }) => promo)
      .sort(
        byValue(
          (row) => row.revenue,
          (row) => row.coupanCode,
        ),
      ),
    suppliers: sumBy(suppliers, (row) => row.supplier, supplierColumns).sort(
      byValue(
        (row) => row.deliveries,
        (row) => row.supplier,
      ),
    ),
    claims: totalsOf(claimColumns, claims),
  };
}
