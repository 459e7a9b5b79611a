import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import type { ClaimImage } from '../../contract/admin-wire';
import { idParams } from '../../contract/fields';
import { claimById } from '../../orders/claims';
import { evidenceDataUrl } from '../../orders/evidence';
import { NotFound } from '../../shared/errors';

/** A report's screenshot for the console, as a data: URL (the file is never served). */
export const handler = adminRoute({ params: idParams }, async ({ params }) => {
  const image = (await claimById(params.id)).thread.find((message) => message.image)?.image;
  const dataUrl = image && (await evidenceDataUrl(image));
  if (!dataUrl) throw new NotFound('This report has no screenshot');
  const answer: ClaimImage = { image: dataUrl };
  return success(answer);
});
