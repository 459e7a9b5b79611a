import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { usePolled } from '../../../web/src/lib/use-polled';

/** Answers 'delivering' twice, then 'delivered', counting the reads. */
function deliveryReads() {
  const answers = ['delivering', 'delivering', 'delivered'];
  let reads = 0;
  return {
    fetcher: async () => answers[Math.min(reads++, answers.length - 1)]!,
    reads: () => reads,
  };
}

/** Asked again every 20 ms while delivering: one function for every render, as a module's is. */
const pollMsOf = (state: string) => (state === 'delivering' ? 20 : 0);

function Delivery({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = usePolled<string>('/delivery', fetcher, pollMsOf);
  return <p>{data ?? 'loading'}</p>;
}

describe('a read that is asked again while it says so', () => {
  it('polls a page opened fresh from its first answer on, and stops once the answer says it is done', async () => {
    const { fetcher, reads } = deliveryReads();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Delivery fetcher={fetcher} />
      </SWRConfig>,
    );
    await screen.findByText('delivered');
    expect(reads()).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads()).toBe(3);
  });
});
