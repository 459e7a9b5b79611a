/**
 * Shoppers' screenshots for their reports: uploaded straight to the site bucket under
 * evidence/<user id>/ through a presigned POST (an image, at most 2 MB, its type pinned), never
 * served by CloudFront, read back only for an operator looking at the report.
 */
import type { uploadTypes } from '../contract/rules';
import { type RateLimit, takeAttempt, tryAgainIn } from '../shared/rate-limit';
import { type UploadPermit, presignImage, readUpload } from '../shared/uploads';
import type { ActiveUser } from '../users/active-user';
import { evidencePrefixOf } from './claim-rules';

/** Screenshots one shopper may upload in an hour. */
const uploadsPerShopper: RateLimit = {
  name: 'evidence-upload',
  max: 10,
  windowSeconds: 3600,
  message: tryAgainIn('Too many screenshots.'),
};

/** A permit to upload one screenshot under the shopper's own prefix, limited per shopper. */
export async function evidencePermit(user: ActiveUser, contentType: keyof typeof uploadTypes, size: number): Promise<UploadPermit> {
  await takeAttempt(uploadsPerShopper, user.id);
  return presignImage(evidencePrefixOf(user.id), contentType, size);
}

/** A screenshot as a data: URL for the console to show (none when it was never uploaded). */
export async function evidenceDataUrl(key: string): Promise<string | undefined> {
  const file = await readUpload(key);
  return file && `data:${file.contentType};base64,${Buffer.from(file.body).toString('base64')}`;
}
