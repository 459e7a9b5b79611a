import { Trans } from '@lingui/react';
import { Link } from 'react-router-dom';
import { SafeHtml } from '../../../components/safe-html';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useBlogPost } from '../api/get-blog-post';
import { isImagePost } from '../api/get-blog-posts';
import { useT } from '../messages';
import '../blog.css';

/** A post's day in the shop's language; a date the server wrote oddly is shown as it came. */
const postedOn = (iso: string, longDate: (iso: string) => string) => (Number.isNaN(new Date(iso).getTime()) ? iso : longDate(iso));

/** One blog post: its image or video, title, content (sanitised) and date. */
export function BlogDetail({ id }: { id: string }) {
  const { t, longDate } = useT();
  const { data: post, error } = useBlogPost(id);

  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="container status-page">
        <h1>{notFound ? t('content.blog.notFoundTitle') : t('content.blog.failedTitle')}</h1>
        <p>{notFound ? t('content.blog.notFoundText') : t('content.blog.failedText')}</p>
        <Link className="button button-primary" to={paths.blogs}>
          {t('content.blog.allPosts')}
        </Link>
      </div>
    );
  }

  if (!post) {
    return (
      <div className="container page">
        <p className="blog-loading" role="status">
          {t('content.blog.loading')}
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
            <Trans
              id="content.blog.postedOn"
              values={{ date: postedOn(post.created_at, longDate) }}
              components={{ 0: <time dateTime={post.created_at} /> }}
            />
          </p>
        </div>
      </article>
      <Link className="text-link" to={paths.blogs}>
        {t('content.blog.backToPosts')}
      </Link>
    </div>
  );
}
