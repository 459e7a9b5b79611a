import type { EvidencePermit } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import { writeOptions } from '../../../lib/api';
import { uploadWithPermit } from '../../../lib/presigned-upload';

/**
 * POST /user/uploads, then the upload itself (`uploadWithPermit`: checked first, with progress);
 * answers the `image` a report then names.
 */
export function useUploadScreenshot() {
  return useSWRMutation(
    '/user/uploads',
    async (path: string, { arg }: { arg: { file: File; onProgress: (fraction: number) => void } }) =>
      (await uploadWithPermit<EvidencePermit>(path, arg.file, arg.onProgress)).image,
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
