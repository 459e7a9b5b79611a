import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A cdk-nag finding accepted on purpose: its rule id (`Rule[finding]` for one finding of a rule) and why. */
export interface Acknowledged {
  id: string;
  reason: string;
}

/** Accepts cdk-nag findings on a construct and everything under it, each with its one-line reason. */
export function acknowledge(scope: IConstruct, findings: Acknowledged[]): void {
  for (const finding of findings) Validations.of(scope).acknowledge(finding);
}
