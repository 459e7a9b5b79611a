import type { TestProject } from 'vitest/node';
import { spawnStack } from './spawn-stack';

/** One local stack (fresh in-memory DynamoDB Local) for the whole integration tier. */
export default async function setup(project: TestProject) {
  const stack = await spawnStack('integration', {});
  project.provide('stack', stack.info);
  return stack.stop;
}
