/** What an image upload must be, checked in the browser before a permit is asked for (the server's own limits). Pure. */
import { maxUploadBytes, uploadMessages, uploadTypes } from '@contract/rules';

/** The image types the server signs permits for. */
export const uploadMimeTypes = Object.keys(uploadTypes);

/** Why this file cannot be uploaded as an image (in the server's words, which the shop translates), or undefined. */
export function uploadProblem(file: { type: string; size: number }): string | undefined {
  if (!uploadMimeTypes.includes(file.type)) return uploadMessages.type;
  if (file.size > maxUploadBytes) return uploadMessages.size;
  if (file.size === 0) return 'The file is empty';
  return undefined;
}
