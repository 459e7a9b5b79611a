import type { evidenceUploadBody } from '@contract/orders';
import type { EvidencePermit } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { ApiError, apiRequest, writeOptions } from '../../../lib/api';
import { postToStore } from '../../../lib/presigned-upload';
import { uploadProblem } from '../../../lib/upload-rules';

/** The request of POST /user/uploads as its schema takes it (functions/contract/orders.ts). */
type EvidenceUploadRequest = v.InferInput<typeof evidenceUploadBody>;

/**
 * POST /user/uploads, then the upload itself: checks the type (PNG, JPEG, WebP) and size (2 MB)
 * before asking, reports progress from 0 to 1, and answers the `image` a report then names.
 */
export function useUploadScreenshot() {
  return useSWRMutation(
    '/user/uploads',
    async (path: string, { arg }: { arg: { file: File; onProgress: (fraction: number) => void } }) => {
      const problem = uploadProblem(arg.file);
      if (problem) throw new ApiError(400, problem);
      // uploadProblem has refused every type but the schema's.
      const request: EvidenceUploadRequest = { content_type: arg.file.type as EvidenceUploadRequest['content_type'], size: arg.file.size };
      const { data: permit } = await apiRequest<EvidencePermit>('POST', path, { body: request });
      await postToStore(permit, arg.file, arg.onProgress);
      arg.onProgress(1);
      return permit.image;
    },
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
