import { Link, useNavigate, useParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminContent } from '../../../features/admin/content/api/get-content';
import { BlogPostForm } from '../../../features/admin/content/components/blog-editor';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** Write a post (/admin/blog/new) or edit one (/admin/blog/{id}). */
export function BlogPostPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data, error, mutate } = useAdminContent();
  const post = id ? data?.blogs.find((row) => row.blog_id === id) : undefined;
  const onSaved = () => navigate(adminPaths.blog);
  return (
    <section className="admin-page">
      <div className="admin-head">
        <Link className="text-link" to={adminPaths.blog}>
          ← Blog
        </Link>
      </div>
      <h1 className="admin-title">{id ? 'Edit post' : 'Write a post'}</h1>
      {!id ? (
        <BlogPostForm onSaved={onSaved} />
      ) : post ? (
        <BlogPostForm key={post.blog_id} post={post} onSaved={onSaved} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the post" />
      ) : data ? (
        <p className="empty-state">No such post.</p>
      ) : (
        <Loading label="Loading the post" />
      )}
    </section>
  );
}

export { BlogPostPage as Component };
