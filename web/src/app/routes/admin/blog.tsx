import { Link } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminContent } from '../../../features/admin/content/api/get-content';
import { BlogTable } from '../../../features/admin/content/components/blog-editor';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** The blog's posts. */
export function BlogPage() {
  const { data, error, mutate } = useAdminContent();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Blog</h1>
        <Link className="button button-primary" to={adminPaths.newBlogPost}>
          Write a post
        </Link>
      </div>
      {data ? (
        <BlogTable posts={data.blogs} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the posts" />
      ) : (
        <Loading label="Loading the posts" />
      )}
    </section>
  );
}

export { BlogPage as Component };
