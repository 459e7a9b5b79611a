import type { EventRow } from '@contract/wire';
import useSWR from 'swr';

/** A banner slide (spec §3): `description` is HTML whose first element may be the slide's link. */
export type BannerEvent = EventRow;

export const eventsKey = '/user/event_list';

/** The home page's banner slides. */
export function useEvents() {
  return useSWR<BannerEvent[]>(eventsKey);
}
