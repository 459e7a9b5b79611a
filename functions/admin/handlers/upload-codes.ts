import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { uploadCodes } from '../service/vouchers';
import { uploadCodesBody } from '../../contract/admin-catalog';

export const handler = adminRoute(
  { params: idParams, ...formBody(uploadCodesBody), ...invalidating('vouchers') },
  async ({ params, body: form, user }) => {
    const result = await uploadCodes(user, params.id, form.codes);
    return success(result, `${result.added} codes added, ${result.duplicates} duplicates skipped`);
  },
);
