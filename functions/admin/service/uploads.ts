import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { auditEntry, auditItem } from '../../audit/repo';
import { uploadTypes } from '../../contract/rules';
import { requiredEnv } from '../../shared/config';
import { randomId } from '../../shared/ids';
import { transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';

/** How long a permit to upload lasts. */
const permitSeconds = 300;

const bucket = requiredEnv('UPLOAD_BUCKET');
/** The site's bucket in the cloud; the local stack's file store, which takes the same form POST, at home. */
const s3 = new S3Client(process.env.S3_ENDPOINT ? { endpoint: process.env.S3_ENDPOINT, forcePathStyle: true } : {});

/**
 * A permit to upload one image: a presigned S3 POST to the uploads/ prefix of the site's bucket,
 * whose policy pins the content type and a length of at most the declared size (itself at most
 * 2 MB), valid for five minutes; and the URL on the shop's origin that items then carry.
 */
export async function presignUpload(admin: ActiveUser, contentType: keyof typeof uploadTypes, size: number) {
  const key = `uploads/${randomId(16).toLowerCase()}.${uploadTypes[contentType]}`;
  const post = await createPresignedPost(s3, {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, size],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: permitSeconds,
  });
  await transact([auditItem(auditEntry(admin.id, 'upload.permit', `/${key}`, `${contentType}, up to ${size} bytes`))]);
  return { uploadUrl: post.url, fields: post.fields, url: `/${key}` };
}
