import { messagesByField, withEveryField } from '@contract/fields';
import * as v from 'valibot';
import type { Problems } from './edit-rules';

/**
 * A request's problems by field, in the server's words: the endpoint's own schema (from
 * functions/contract) run on what the form would send, its first message per field as the
 * server's 400 would carry them in `errors`.
 */
export function schemaProblems<S extends v.GenericSchema>(schema: S, input: v.InferInput<S>): Problems {
  const result = v.safeParse(schema, withEveryField(schema, input));
  return result.success ? {} : messagesByField(result.issues);
}
