import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { requiredText } from '../../shared/validation';
import { idParams } from '../input';
import { uploadCodes } from '../service/vouchers';

/** At most 1000 codes of up to 200 characters, and the body limit of the stack besides. */
const body = v.object({ codes: requiredText('Paste at least one code', 60_000) });

export const handler = adminRoute({ params: idParams, ...formBody(body) }, async ({ params, body: form, user }) => {
  const result = await uploadCodes(user, params.id, form.codes);
  return success(result, `${result.added} codes added, ${result.duplicates} duplicates skipped`);
});
