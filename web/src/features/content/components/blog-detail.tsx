import { Link } from 'react-router-dom';
import { SafeHtml } from '../../../components/safe-html';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useBlogPost } from '../api/get-blog-post';
import { isImagePost } from '../api/get-blog-posts';
import '../blog.css';

const postedOn = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
};

/** One blog post: its image or video, title, content (sanitised) and date. */
export function BlogDetail({ id }: { id: string }) {
  const { data: post, error } = useBlogPost(id);

  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="container status-page">
        <h1>{notFound ? 'Post not found' : 'This post could not be loaded'}</h1>
        <p>{notFound ? 'This post does not exist or has been removed.' : 'Check your connection and try again.'}</p>
        <Link className="button button-primary" to={paths.blogs}>
          All posts
        </Link>
      </div>
    );
  }

  if (!post) {
    return (
      <div className="container page">
        <p className="blog-loading" role="status">
          Loading...
        </p>
      </div>
    );
  }

  return (
    <div className="container page">
      <article className="blog-post">
        <div className="blog-media">
          {isImagePost(post) ? (
            <img src={post.image} alt="" width={800} height={350} />
          ) : (
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(post.youtube_id)}?controls=0&rel=0`}
              title={post.title}
              width={800}
              height={350}
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          )}
        </div>
        <div className="blog-post-body">
          <h1>{post.title}</h1>
          <SafeHtml html={post.content} className="blog-content" />
          <p className="blog-date">
            Posted on <time dateTime={post.created_at}>{postedOn(post.created_at)}</time>
          </p>
        </div>
      </article>
      <Link className="text-link" to={paths.blogs}>
        ← All posts
      </Link>
    </div>
  );
}
