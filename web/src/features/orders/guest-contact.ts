import { guestContactField } from '@contract/orders';
import * as v from 'valibot';

/** A guest's contact as the checkout endpoints' own field reads it: its problem in the server's words, or none. */
export const guestContactProblem = (contact: string) => {
  const checked = v.safeParse(guestContactField, contact);
  return checked.success ? undefined : checked.issues[0].message;
};
