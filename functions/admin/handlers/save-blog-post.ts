import * as v from 'valibot';
import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { optionalText, requiredText } from '../../shared/validation';
import { blogPostView } from '../../content/views';
import { htmlField, optionalId, optionalImageField } from '../input';
import { saveBlogPost } from '../service/content';

const body = v.pipe(
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

export const handler = adminRoute({ ...formBody(body), ...invalidating('blog') }, async ({ body: form, user }) => {
  const post = await saveBlogPost(user, {
    id: form.blog_id,
    type: form.type,
    image: form.image ?? '',
    youtubeId: form.youtube_id ?? '',
    title: form.title,
    content: form.content,
  });
  return success(blogPostView(post), 'Saved');
});
