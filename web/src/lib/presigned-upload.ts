/**
 * A browser's upload straight to the file store with a presigned POST (S3 in the cloud, the local
 * stack's file store at home), shared by the console's images and the shoppers' screenshots.
 */
import type { imageUploadBody } from '@contract/fields';
import { uploadMessages } from '@contract/rules';
import type * as v from 'valibot';
import { ApiError, apiRequest } from './api';
import { uploadProblem } from './upload-rules';

/** A permit to upload, as the server signs one: where the browser POSTs, and the signed fields it sends with the file. */
interface StorePermit {
  upload_url: string;
  fields: Record<string, string>;
}

/** The request for a permit as the endpoints' schema takes it (functions/contract/fields.ts). */
type ImageUploadRequest = v.InferInput<typeof imageUploadBody>;

/**
 * One image upload: the file's type (PNG, JPEG, WebP) and size (2 MB) checked before asking, a
 * permit asked for at `path` (the console's `/admin/uploads`, a shopper's `/user/uploads`), then
 * the file posted with it, progress reported from 0 to 1; answers the permit.
 */
export async function uploadWithPermit<Permit extends StorePermit>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Permit> {
  const problem = uploadProblem(file);
  if (problem) throw new ApiError(400, problem);
  // uploadProblem has refused every type but the schema's.
  const request: ImageUploadRequest = { content_type: file.type as ImageUploadRequest['content_type'], size: file.size };
  const { data: permit } = await apiRequest<Permit>('POST', path, { body: request });
  await postToStore(permit, file, onProgress);
  onProgress(1);
  return permit;
}

/** What the file store answers, in words: S3's error codes (the local store speaks the same). */
function storeMessage(status: number, body: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'EntityTooLarge') return uploadMessages.size;
  if (code === 'AccessDenied' || code === 'SignatureDoesNotMatch') return 'The upload was refused (its permit may have run out): try again';
  return `The upload failed (${code ?? status}): try again`;
}

/**
 * The browser's half of a presigned POST: the permit's fields, then the file, as a multipart form
 * to the store, which answers 204. XMLHttpRequest rather than fetch, for the upload's progress.
 */
function postToStore(permit: StorePermit, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(permit.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', permit.upload_url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new ApiError(request.status, storeMessage(request.status, request.responseText)));
    request.onerror = () => reject(new ApiError(0, 'The upload failed: check the connection and try again'));
    request.onabort = () => reject(new ApiError(0, 'The upload was stopped'));
    request.send(form);
  });
}
