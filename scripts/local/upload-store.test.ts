import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UploadStore, startUploadStore } from './upload-store';

/** The file store's GetObject over real HTTP, signed by the AWS SDK as a function signs it (SigV4, path style). */
let store: UploadStore;
let dir: string;
const client = (secretAccessKey: string) =>
  new S3Client({
    endpoint: store.url,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'presign-evidence', secretAccessKey },
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upload-store-'));
  await mkdir(join(dir, 'evidence', 'U1'), { recursive: true });
  await writeFile(join(dir, 'evidence', 'U1', 'abcdefghij012345.png'), 'png bytes');
  store = await startUploadStore({ dir, bucket: 'shop-bucket', secretAccessKey: 'local', allowOrigin: () => false });
});

afterAll(async () => {
  await store.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the file store as S3 GetObject', () => {
  it('answers a request signed with the right key with the file and its type', async () => {
    const object = await client('local').send(new GetObjectCommand({ Bucket: 'shop-bucket', Key: 'evidence/U1/abcdefghij012345.png' }));
    expect([object.ContentType, await object.Body!.transformToString()]).toEqual(['image/png', 'png bytes']);
  });

  it('refuses a signature made with another key, and answers NoSuchKey for a file it does not hold', async () => {
    await expect(
      client('not-the-key').send(new GetObjectCommand({ Bucket: 'shop-bucket', Key: 'evidence/U1/abcdefghij012345.png' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(client('local').send(new GetObjectCommand({ Bucket: 'shop-bucket', Key: 'evidence/U1/none.png' }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
    const unsigned = await fetch(`${store.url}/shop-bucket/evidence/U1/abcdefghij012345.png`);
    expect(unsigned.status).toBe(403);
  });
});
