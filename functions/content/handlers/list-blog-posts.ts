import { blogSuccess, httpHandler } from '../../shared/http';
import { blogPosts } from '../service';
import { blogPostView } from '../views';

export const handler = httpHandler({ access: 'public' }, async () => blogSuccess((await blogPosts()).map(blogPostView)));
