import { useParams } from 'react-router-dom';
import { BlogDetail } from '../../features/content/components/blog-detail';
import { contentMessages } from '../../features/content/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [contentMessages];

/** /blog/{id}: one post. */
export function BlogPage() {
  const { id = '' } = useParams();
  return <BlogDetail key={id} id={id} />;
}

export { BlogPage as Component };
