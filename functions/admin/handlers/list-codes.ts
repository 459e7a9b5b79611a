import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { codesOf } from '../service/vouchers';
import { maskedCodesView } from '../catalog-views';
import { codesQuery } from '../../contract/admin-catalog';

export const handler = adminRoute({ params: idParams, query: codesQuery }, async ({ params, query: page }) =>
  success(maskedCodesView(await codesOf(params.id, page))),
);
