import { useParams } from 'react-router-dom';
import { BlogDetail } from '../../features/content/components/blog-detail';

/** /blog/{id}: one post. */
export function BlogPage() {
  const { id = '' } = useParams();
  return <BlogDetail key={id} id={id} />;
}

export { BlogPage as Component };
