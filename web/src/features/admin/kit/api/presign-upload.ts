import type { presignUploadBody } from '@contract/admin-content';
import type { UploadPermit } from '@contract/admin-wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { ApiError, apiRequest, writeOptions } from '../../../../lib/api';
import { uploadProblem } from '../edit-rules';

/** The request of POST /admin/uploads as its schema takes it (functions/contract/admin-content.ts). */
type UploadPermitRequest = v.InferInput<typeof presignUploadBody>;

/** What the file store answers, in words: S3's error codes (the local store speaks the same). */
function storeMessage(status: number, body: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'EntityTooLarge') return 'An image must be at most 2 MB';
  if (code === 'AccessDenied' || code === 'SignatureDoesNotMatch') return 'The upload was refused (its permit may have run out): try again';
  return `The upload failed (${code ?? status}): try again`;
}

/**
 * The browser's half of a presigned POST: the permit's fields, then the file, as a multipart
 * form to the store (S3 in the cloud, the local stack's file store at home), which answers 204.
 * XMLHttpRequest rather than fetch, for the upload's progress.
 */
function postToStore(permit: UploadPermit, file: File, onProgress: (fraction: number) => void): Promise<void> {
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

/**
 * POST /admin/uploads, then the upload itself: checks the type (PNG, JPEG, WebP) and size (2 MB)
 * before asking, reports progress from 0 to 1, and answers the URL the item then carries.
 */
export function useUploadImage() {
  return useSWRMutation(
    '/admin/uploads',
    async (path: string, { arg }: { arg: { file: File; onProgress: (fraction: number) => void } }) => {
      const problem = uploadProblem(arg.file);
      if (problem) throw new ApiError(400, problem);
      // uploadProblem has refused every type but the schema's.
      const request: UploadPermitRequest = { content_type: arg.file.type as UploadPermitRequest['content_type'], size: arg.file.size };
      const { data: permit } = await apiRequest<UploadPermit>('POST', path, { body: request });
      await postToStore(permit, arg.file, arg.onProgress);
      arg.onProgress(1);
      return permit.url;
    },
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
