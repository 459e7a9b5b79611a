import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { presignUpload } from '../service/uploads';
import { presignUploadBody } from '../../contract/admin-content';

export const handler = adminRoute({ ...formBody(presignUploadBody) }, async ({ body: form, user }) => {
  const permit = await presignUpload(user, form.content_type, form.size);
  return success({ upload_url: permit.uploadUrl, fields: permit.fields, url: permit.url });
});
