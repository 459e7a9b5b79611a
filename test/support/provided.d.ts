import type { BundleStackInfo } from './bundle-stack';
import type { StackInfo } from './spawn-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    bundleStack: BundleStackInfo;
  }
}
