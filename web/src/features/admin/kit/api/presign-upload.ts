import type { UploadPermit } from '@contract/admin-wire';
import useSWRMutation from 'swr/mutation';
import { writeOptions } from '../../../../lib/api';
import { uploadWithPermit } from '../../../../lib/presigned-upload';

/**
 * POST /admin/uploads, then the upload itself (`uploadWithPermit`: checked first, with progress);
 * answers the URL the item then carries.
 */
export function useUploadImage() {
  return useSWRMutation(
    '/admin/uploads',
    async (path: string, { arg }: { arg: { file: File; onProgress: (fraction: number) => void } }) =>
      (await uploadWithPermit<UploadPermit>(path, arg.file, arg.onProgress)).url,
    { ...writeOptions, populateCache: false, revalidate: false },
  );
}
