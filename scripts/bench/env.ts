import { domainEnvironment } from '../local/domain-env';
import type { BenchStack } from './stack';

/** Points this process's domain code (the repos, the services) at the running stack, as its own functions see it. */
export function useStackEnvironment(stack: BenchStack): void {
  Object.assign(process.env, domainEnvironment(stack));
}
