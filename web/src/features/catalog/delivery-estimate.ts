import { topUpDeliveryEstimate } from '../../config/site';
import type { Translate } from './messages';

/**
 * The top-up delivery estimate of config/site ("5-10min") in the current language ("৫-১০ মিনিট"):
 * `t` and `number` from `useT()`. An estimate of another shape is shown as written.
 */
export function deliveryEstimate(t: Translate, number: (whole: number) => string, estimate: string = topUpDeliveryEstimate): string {
  const range = /^(\d+)-(\d+)\s*min$/.exec(estimate.trim());
  return range ? t('catalog.minutesRange', { from: number(Number(range[1])), to: number(Number(range[2])) }) : estimate;
}
