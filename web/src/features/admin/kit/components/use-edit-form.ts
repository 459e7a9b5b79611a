import { useState } from 'react';
import { ApiError } from '../../../../lib/api';
import { useAction } from '../../../../lib/use-action';
import type { Problems } from '../edit-rules';

/** The fields of a form's values that hold text (the rest are switches). */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * An edit form's state: the values as typed (strings; switches as booleans), its problems once a send was tried, the
 * server's own field errors of a refused send, and a send that runs once at a time. What was
 * typed stays as it is when the server refuses it; the server's message is the toast.
 */
export function useEditForm<V extends Record<string, string | boolean>>(
  initial: V,
  check: (values: V) => Problems<Extract<keyof V, string>>,
  fallbackMessage: string,
) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction(fallbackMessage);
  const problems = check(values);
  const errors: Record<string, string | undefined> = tried ? { ...serverErrors, ...problems } : serverErrors;

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [name]: _, ...rest }) => rest);
  };
  /** Props for an input or textarea bound to a text field. */
  const field = (name: TextField<V>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(name, event.target.value as V[TextField<V>]),
  });
  /** Props for an ImageField bound to a text field (the uploaded image's reference is the value). */
  const imageField = (name: TextField<V>) => ({
    value: values[name] as string,
    error: errors[name],
    onChange: (url: string) => setValue(name, url as V[TextField<V>]),
  });
  /** The submit handler: checks, then sends unless there is a problem; the server's field errors go under their fields. */
  const submit = (send: (values: V) => Promise<void>) => (event?: React.FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) {
      window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void run(async () => {
      try {
        await send(values);
      } catch (error) {
        const fields = error instanceof ApiError ? (error.body?.errors as Record<string, string> | undefined) : undefined;
        if (fields) setServerErrors(fields);
        throw error;
      }
    });
  };
  return { values, setValue, setValues, field, imageField, errors, busy, submit };
}
