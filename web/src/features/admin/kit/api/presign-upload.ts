import type { presignUploadBody } from '@contract/admin-content';
import type { UploadPermit } from '@contract/admin-wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { ApiError, apiRequest, writeOptions } from '../../../../lib/api';
import { postToStore } from '../../../../lib/presigned-upload';
import { uploadProblem } from '../../../../lib/upload-rules';

/** The request of POST /admin/uploads as its schema takes it (functions/contract/admin-content.ts). */
type UploadPermitRequest = v.InferInput<typeof presignUploadBody>;

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
