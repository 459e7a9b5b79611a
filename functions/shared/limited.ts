/**
 * Work over many inputs with at most `limit` calls in flight at once: a report's days read in
 * parallel without sending a whole quarter's Queries at the table together.
 */

/** `work` applied to each input, at most `limit` at a time; the results in the inputs' order. */
export async function mapLimited<Input, Output>(
  inputs: readonly Input[],
  limit: number,
  work: (input: Input) => Promise<Output>,
): Promise<Output[]> {
  const results = new Array<Output>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await work(inputs[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}
