import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { evidenceUploadBody } from '../../contract/orders';
import type { EvidencePermit } from '../../contract/wire';
import { evidencePermit } from '../evidence';

export const handler = userRoute({ ...formBody(evidenceUploadBody) }, async ({ body, user }) => {
  const permit = await evidencePermit(user, body.content_type, body.size);
  const answer: EvidencePermit = { upload_url: permit.uploadUrl, fields: permit.fields, image: permit.key };
  return success(answer);
});
