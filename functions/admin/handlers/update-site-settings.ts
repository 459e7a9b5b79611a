import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { Invalid } from '../../shared/errors';
import { updateSiteSettings } from '../service/content';
import { adminSiteSettingsView, siteSettingsChange } from '../content-views';
import { siteSettingsBody } from '../../contract/admin-content';

export const handler = adminRoute({ ...formBody(siteSettingsBody), ...invalidating('siteSettings') }, async ({ body: form, user }) => {
  const { apply, fields } = siteSettingsChange(form);
  if (fields.length === 0) throw new Invalid('Send at least one setting to change');
  return success(adminSiteSettingsView(await updateSiteSettings(user, apply, fields)), 'Saved');
});
