import { dhakaDay } from '../contract/report-range';
import { timeOfId } from './ids';

export { dhakaDay };

/**
 * The day index (gsi3) of a sale or top-up: its Dhaka day from the time in its id, then kind and
 * id. One Query of a day lists that day's activity (the dashboard); the day being derived from
 * the id, the same index finds an item by its id alone.
 */
export function dayIndexKeys(kind: string, id: string) {
  const time = timeOfId(id);
  // An id that is not time-ordered names no day; its lookup finds nothing.
  return { gsi3pk: `DAY#${Number.isNaN(time) ? 'none' : dhakaDay(time)}`, gsi3sk: `${kind}#${id}` };
}
