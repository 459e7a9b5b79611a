import * as v from 'valibot';
import { blogSuccess, httpHandler } from '../../shared/http';
import { idField } from '../../shared/validation';
import { blogPost } from '../service';
import { blogPostView } from '../views';

const params = v.object({ id: idField('blog id') });

export const handler = httpHandler({ access: 'public', params }, async ({ params: { id } }) => blogSuccess(blogPostView(await blogPost(id))));
