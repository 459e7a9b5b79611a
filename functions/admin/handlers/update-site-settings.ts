import * as v from 'valibot';
import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { Invalid } from '../../shared/errors';
import { optionalText } from '../../shared/validation';
import { htmlField, linkField, optionalImageField } from '../input';
import { updateSiteSettings } from '../service/content';
import { adminSiteSettingsView, siteSettingsChange } from '../views';

const popupStatus = v.optional(
  v.pipe(v.unknown(), v.transform(String), v.picklist(['1', '0'], 'A popup status is 1 (shown) or 0 (hidden)')),
);
const imageOrEmpty = optionalImageField('An image must be an uploaded image or an https link');
const social = v.optional(
  v.pipe(
    v.string('Social links are a JSON list'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: 'Social links are a JSON list of {name, url}' });
        return NEVER;
      }
    }),
    v.array(
      v.object({
        name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
        url: v.pipe(v.string(), v.regex(/^https:\/\/[^\s"'<>]+$/, 'A social link must be https')),
      }),
      'Social links are a JSON list of {name, url}',
    ),
    v.maxLength(10, 'At most 10 social links'),
  ),
);

/** Any of the settings; what is absent stays as it is. */
const body = v.object({
  popup_status: popupStatus,
  popup_text: v.optional(htmlField(5000)),
  popup_image: imageOrEmpty,
  popup_status2: popupStatus,
  popup_text2: v.optional(htmlField(5000)),
  popup_image2: imageOrEmpty,
  phone: optionalText(40),
  messenger_link: linkField('The messenger link'),
  app_link: linkField('The app link'),
  social,
  shopStatus: v.optional(
    v.pipe(v.unknown(), v.transform(String), v.picklist(['1', '0'], 'shopStatus is 1 (open) or 0 (closed)'), v.transform(Number)),
  ),
  errorMessage: optionalText(300),
  upay: linkField('The video link'),
});

export const handler = adminRoute({ ...formBody(body), ...invalidating('siteSettings') }, async ({ body: form, user }) => {
  const { apply, fields } = siteSettingsChange(form);
  if (fields.length === 0) throw new Invalid('Send at least one setting to change');
  return success(adminSiteSettingsView(await updateSiteSettings(user, apply, fields)), 'Saved');
});
