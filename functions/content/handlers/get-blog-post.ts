import * as v from 'valibot';
import { publicRoute } from '../../http/public-route';
import { blogSuccess } from '../../http/stack';
import { idField } from '../../shared/validation';
import { blogPost } from '../service';
import { blogPostView } from '../views';

const params = v.object({ id: idField('blog id') });

export const handler = publicRoute({ params, cachedAs: 'blog' }, async ({ params: { id } }) =>
  blogSuccess(blogPostView(await blogPost(id))),
);
