import { z } from 'zod';
import { blogSuccess, httpHandler } from '../../shared/http';
import { idField } from '../../shared/validation';
import { blogPost } from '../service';
import { blogPostView } from '../views';

const params = z.object({ id: idField('blog id') });

export const handler = httpHandler({ access: 'public', params }, async ({ params: { id } }) => blogSuccess(blogPostView(await blogPost(id))));
