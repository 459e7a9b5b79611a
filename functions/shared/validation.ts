import * as v from 'valibot';
import { messagesByField, withEveryField } from '../contract/fields';
import { Invalid } from './errors';

/** Any schema, for the handler stack's typing. */
export type Schema = v.GenericSchema;

/** What a schema produces. */
export type Output<S extends Schema> = v.InferOutput<S>;

/**
 * Parses input with a schema (the endpoint's, from `functions/contract/`); the first problem
 * becomes the 400's message and every problem goes into `errors` keyed by field.
 */
export function parseInput<S extends Schema>(schema: S, input: unknown): Output<S> {
  const result = v.safeParse(schema, withEveryField(schema, input ?? {}));
  if (result.success) return result.output;
  throw new Invalid(result.issues[0]?.message ?? 'Invalid input', messagesByField(result.issues));
}
