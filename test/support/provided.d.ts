import type { BundleStackInfo } from './bundle-stack';
import type { StackInfo } from './spawn-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    bundleStack: BundleStackInfo;
    /** The folder of the infra tier's one synthesis (test/support/infra-stack.ts). */
    infraDir: string;
  }
}
