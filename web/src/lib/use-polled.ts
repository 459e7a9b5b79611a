import { useState } from 'react';
import useSWR, { type BareFetcher, type Key, type SWRConfiguration } from 'swr';

/**
 * `useSWR`, asked again every `pollMsOf(data)` ms after each answer (0: not again). SWR reads a
 * function `refreshInterval` only as its polling starts, which is before the first answer, and so
 * would never poll a page opened fresh; here the interval is a number that follows each answer.
 */
export function usePolled<Data>(
  key: Key,
  fetcher: BareFetcher<Data>,
  pollMsOf: (data: Data) => number,
  options: SWRConfiguration<Data> = {},
) {
  const [pollMs, setPollMs] = useState(0);
  const read = useSWR<Data>(key, fetcher, { ...options, refreshInterval: pollMs });
  const next = read.data === undefined ? 0 : pollMsOf(read.data);
  // Derived state set while rendering: React renders again at once, and SWR's timer restarts with it.
  if (next !== pollMs) setPollMs(next);
  return read;
}
