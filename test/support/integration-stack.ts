import type { TestProject } from 'vitest/node';
import { spawnStack, stackLog } from './spawn-stack';

/**
 * One local stack (fresh in-memory DynamoDB Local) for the whole integration tier. A table call
 * the guard denied fails the tier even when the code swallowed the error: its cloud role lacks a grant.
 */
export default async function setup(project: TestProject) {
  const stack = await spawnStack('integration', {});
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
    const denied = stackLog('integration')
      .split('\n')
      .filter((line) => line.startsWith('table guard denied'));
    if (denied.length > 0) throw new Error(`Functions made table calls their route rows do not grant:\n${[...new Set(denied)].join('\n')}`);
  };
}
