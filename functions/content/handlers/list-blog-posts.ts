import { publicRoute } from '../../http/public-route';
import { blogSuccess } from '../../http/stack';
import { blogPosts } from '../service';
import { blogPostView } from '../views';

export const handler = publicRoute({ cachedAs: 'blog' }, async () => blogSuccess((await blogPosts()).map(blogPostView)));
