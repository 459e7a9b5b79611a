/**
 * Files in the site bucket (UPLOAD_BUCKET): presigned POSTs that let a browser upload one image
 * straight to the bucket, and reading one back. In the cloud the bucket; at home the local stack's
 * file store, which takes the same form POST and GetObject (S3_ENDPOINT).
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { uploadTypes } from '../contract/rules';
import { requiredEnv } from './config';
import { randomId } from './ids';

/** How long a permit to upload lasts. */
const permitSeconds = 300;

const bucket = requiredEnv('UPLOAD_BUCKET');
const s3 = new S3Client(process.env.S3_ENDPOINT ? { endpoint: process.env.S3_ENDPOINT, forcePathStyle: true } : {});

/** A permit to upload: where the browser POSTs, the signed fields it sends with the file, and the object's key. */
export interface UploadPermit {
  uploadUrl: string;
  fields: Record<string, string>;
  key: string;
}

/**
 * A permit to upload one image under `prefix` (a fresh random name): a presigned S3 POST whose
 * policy pins the key, the content type and a length of at most the declared size, valid for
 * five minutes.
 */
export async function presignImage(prefix: string, contentType: keyof typeof uploadTypes, size: number): Promise<UploadPermit> {
  const key = `${prefix}${randomId(16).toLowerCase()}.${uploadTypes[contentType]}`;
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
  return { uploadUrl: post.url, fields: post.fields, key };
}

/** An uploaded file's bytes and type, or undefined when there is none under `key`. */
export async function readUpload(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { body: await object.Body!.transformToByteArray(), contentType: object.ContentType ?? 'application/octet-stream' };
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
