import { publicRoute } from '../../http/public-route';
import { blogSuccess } from '../../http/stack';
import { blogPost } from '../service';
import { blogPostView } from '../views';
import { blogPostParams } from '../../contract/shop';

export const handler = publicRoute({ params: blogPostParams, cachedAs: 'blog' }, async ({ params: { id } }) =>
  blogSuccess(blogPostView(await blogPost(id))),
);
