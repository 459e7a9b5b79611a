/**
 * The sales report (issue 42, decision 0023): each Dhaka day of a range read from its aggregates,
 * one Query a day, the days in parallel; margins worked out here, never stored.
 */
import { daysBetween } from '../contract/report-range';
import { fromItem } from '../shared/items';
import { channelColumns, itemColumns, promoColumns } from './aggregates';
import { dayAggregates } from './repo';

type Figures<Columns extends readonly string[]> = Record<Columns[number], number>;

/** A plan's or a voucher's day: its names, its numbers, and its margin (net less refunds and recorded cost). */
export interface ItemDay extends Figures<typeof itemColumns> {
  itemKind: 'plan' | 'voucher';
  gameId: string;
  gameName: string;
  itemId: string;
  itemName: string;
  margin: number;
}

export interface ChannelDay extends Figures<typeof channelColumns> {
  channel: string;
}

export interface PromoDay extends Figures<typeof promoColumns> {
  coupanCode: string;
}

/** A day's figures, the items' summed. */
export interface SalesDay {
  day: string;
  items: ItemDay[];
  channels: ChannelDay[];
  promos: PromoDay[];
  totals: Omit<ItemDay, 'itemKind' | 'gameId' | 'gameName' | 'itemId' | 'itemName'>;
}

const numbersOf = <Columns extends readonly string[]>(columns: Columns, item: Record<string, unknown>) =>
  Object.fromEntries(columns.map((column) => [column, Number(item[column] ?? 0)])) as Figures<Columns>;

const marginOf = (figures: Figures<typeof itemColumns>) => figures.net - figures.refundsWallet - figures.refundsMethod - figures.cost;

/** One day from its aggregate items. */
function salesDayOf(day: string, aggregates: Record<string, unknown>[]): SalesDay {
  const items: ItemDay[] = [];
  const channels: ChannelDay[] = [];
  const promos: PromoDay[] = [];
  for (const aggregate of aggregates) {
    const sk = String(aggregate.sk);
    if (sk.startsWith('ITEM#')) {
      const names = fromItem<Pick<ItemDay, 'itemKind' | 'gameId' | 'gameName' | 'itemId' | 'itemName'>>(aggregate);
      const figures = numbersOf(itemColumns, aggregate);
      items.push({
        itemKind: names.itemKind,
        gameId: names.gameId,
        gameName: names.gameName,
        itemId: names.itemId,
        itemName: names.itemName,
        ...figures,
        margin: marginOf(figures),
      });
    } else if (sk.startsWith('CHANNEL#')) channels.push({ channel: String(aggregate.channel), ...numbersOf(channelColumns, aggregate) });
    else if (sk.startsWith('PROMO#')) promos.push({ coupanCode: String(aggregate.coupanCode), ...numbersOf(promoColumns, aggregate) });
  }
  const sums = Object.fromEntries(itemColumns.map((column) => [column, items.reduce((sum, item) => sum + item[column], 0)])) as Figures<
    typeof itemColumns
  >;
  return { day, items, channels, promos, totals: { ...sums, margin: marginOf(sums) } };
}

/** Every day from `from` to `to`, oldest first, each from its aggregates. */
export async function salesDays(from: string, to: string): Promise<SalesDay[]> {
  const days = daysBetween(from, to);
  const read = await Promise.all(days.map((day) => dayAggregates(day)));
  return days.map((day, index) => salesDayOf(day, read[index]!));
}
