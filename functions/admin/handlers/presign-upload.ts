import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { boundedInt } from '../../shared/validation';
import { maxUploadBytes, uploadMessages, uploadTypes } from '../../contract/rules';
import { presignUpload } from '../service/uploads';

const types = Object.keys(uploadTypes) as (keyof typeof uploadTypes)[];

const body = v.object({
  content_type: v.picklist(types, uploadMessages.type),
  size: boundedInt(1, maxUploadBytes, uploadMessages.size),
});

export const handler = adminRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  const permit = await presignUpload(user, form.content_type, form.size);
  return success({ upload_url: permit.uploadUrl, fields: permit.fields, url: permit.url });
});
