import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { blogPostView } from '../../content/views';
import { saveBlogPost } from '../service/content';
import { saveBlogPostBody } from '../../contract/admin-content';

export const handler = adminRoute({ ...formBody(saveBlogPostBody), ...invalidating('blog') }, async ({ body: form, user }) => {
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
