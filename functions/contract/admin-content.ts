/** The request schemas of the console's blog, banners, payment channels, site settings and uploads (functions/admin/handlers). */
import * as v from 'valibot';
import {
  flagField,
  htmlField,
  idField,
  imageField,
  imageUploadBody,
  linkField,
  optionalId,
  optionalImageField,
  optionalText,
  positionField,
  requiredText,
} from './fields';

/** POST /admin/blogs: a new post, or a change of one; an image post needs an image, a video post a YouTube id. */
export const saveBlogPostBody = v.pipe(
  v.object({
    blog_id: optionalId,
    type: v.picklist(['image', 'video'], 'Type must be image or video'),
    image: optionalImageField('Image must be an uploaded image or an https link'),
    youtube_id: v.pipe(
      optionalText(20),
      v.check((id) => id === undefined || /^[A-Za-z0-9_-]{11}$/.test(id), 'A YouTube id is 11 letters, digits, - or _'),
    ),
    title: requiredText('Title is required', 200),
    content: htmlField(),
  }),
  v.forward(
    v.check((post) => post.type !== 'image' || Boolean(post.image), 'An image post needs an image'),
    ['image'],
  ),
  v.forward(
    v.check((post) => post.type !== 'video' || Boolean(post.youtube_id), 'A video post needs a YouTube id'),
    ['youtube_id'],
  ),
);

/** POST /admin/events: a new banner, or a change of one. */
export const saveEventBody = v.object({
  id: optionalId,
  image: imageField('Image'),
  ename: requiredText('Name is required', 120),
  description: htmlField(5000),
  position: positionField,
});

/** POST /admin/senders: a new payment channel, or a change of one. */
export const savePaymentChannelBody = v.object({
  id: optionalId,
  name: requiredText('Name is required', 60),
  logo: imageField('Logo'),
  number: optionalText(40),
  position: positionField,
});

/** The kinds of item POST /admin/{kind}/{id}/delete deletes. */
export const deletableKinds = ['master_categories', 'plan_groups', 'plans', 'vouchers', 'blogs', 'events', 'senders'] as const;

/** POST /admin/{kind}/{id}/delete. */
export const deleteItemParams = v.object({
  kind: v.picklist(deletableKinds, `Kind must be one of ${deletableKinds.join(', ')}`),
  id: idField('id'),
});

const popupStatus = v.optional(flagField('A popup status is 1 (shown) or 0 (hidden)'));
const imageOrEmpty = optionalImageField('An image must be an uploaded image or an https link');

/** The social links as a JSON list of `{name, url}`, at most ten. */
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
        name: v.pipe(
          v.string('A name is required'),
          v.trim(),
          v.minLength(1, 'A name is required'),
          v.maxLength(40, 'A name is required (too long)'),
        ),
        url: v.pipe(v.string(), v.regex(/^https:\/\/[^\s"'<>]+$/, 'A social link must be https')),
      }),
      'Social links are a JSON list of {name, url}',
    ),
    v.maxLength(10, 'At most 10 social links'),
  ),
);

/**
 * The shop's WhatsApp number as wa.me links need it: digits with the country code (spaces, dashes
 * and a leading + are dropped). Unlike the other settings, sent empty it is removed: a shop may
 * stop offering WhatsApp, where it always has a phone and a messenger link.
 */
const whatsappField = v.optional(
  v.pipe(
    v.string('The WhatsApp number is text'),
    v.maxLength(40, 'Too long'),
    v.transform((number) => number.trim().replace(/[\s-]/g, '').replace(/^\+/, '')),
    v.check(
      (number) => number === '' || /^[1-9]\d{9,14}$/.test(number),
      'The WhatsApp number is digits with the country code, like 8801712345678',
    ),
  ),
);

/** POST /admin/site_settings: any of the settings; what is absent stays as it is. */
export const siteSettingsBody = v.object({
  popup_status: popupStatus,
  popup_text: v.optional(htmlField(5000)),
  popup_image: imageOrEmpty,
  popup_status2: popupStatus,
  popup_text2: v.optional(htmlField(5000)),
  popup_image2: imageOrEmpty,
  phone: optionalText(40),
  messenger_link: linkField('The messenger link'),
  whatsapp: whatsappField,
  app_link: linkField('The app link'),
  social,
  shopStatus: v.optional(v.pipe(flagField('shopStatus is 1 (open) or 0 (closed)'), v.transform(Number))),
  errorMessage: optionalText(300),
  upay: linkField('The video link'),
});

/** POST /admin/uploads: a permit to upload one image of this type and size. */
export const presignUploadBody = imageUploadBody;
