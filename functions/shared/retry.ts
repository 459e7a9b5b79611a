import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `attempt` until it succeeds, `shouldRetry` says no, or `maxAttempts` are spent; waits a
 * short jittered, growing pause between tries so that racing writers spread out.
 */
export async function retrying<T>(
  attempt: (tryNumber: number) => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  maxAttempts = 8,
): Promise<T> {
  for (let tryNumber = 1; ; tryNumber += 1) {
    try {
      return await attempt(tryNumber);
    } catch (error) {
      if (tryNumber >= maxAttempts || !shouldRetry(error)) throw error;
      await sleep(Math.random() * 15 * tryNumber);
    }
  }
}
