import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams, pageQuery } from '../input';
import { codesOf } from '../service/vouchers';
import { maskedCodesView } from '../views';

const query = v.object({ ...pageQuery });

export const handler = adminRoute({ params: idParams, query }, async ({ params, query: page }) =>
  success(maskedCodesView(await codesOf(params.id, page))),
);
