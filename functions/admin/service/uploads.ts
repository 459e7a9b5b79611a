import { auditEntry, auditItem } from '../../audit/repo';
import type { uploadTypes } from '../../contract/rules';
import { transact } from '../../shared/transactions';
import { presignImage } from '../../shared/uploads';
import type { ActiveUser } from '../../users/active-user';

/**
 * A permit to upload one image to the uploads/ prefix of the site bucket (at most 2 MB, its type
 * pinned, for five minutes), audited; and the URL on the shop's origin that items then carry.
 */
export async function presignUpload(admin: ActiveUser, contentType: keyof typeof uploadTypes, size: number) {
  const permit = await presignImage('uploads/', contentType, size);
  await transact([auditItem(auditEntry(admin.id, 'upload.permit', `/${permit.key}`, `${contentType}, up to ${size} bytes`))]);
  return { uploadUrl: permit.uploadUrl, fields: permit.fields, url: `/${permit.key}` };
}
