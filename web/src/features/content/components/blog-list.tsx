import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PlayIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { type BlogPost, isImagePost, useBlogPosts, youtubeThumbnail } from '../api/get-blog-posts';
import { useT } from '../messages';
import '../blog.css';
import { Skeletons } from '../../../components/skeletons';

/** The blog: a grid of post cards, three a row on wide screens. */
export function BlogList() {
  const { t } = useT();
  const { data: posts, error, isLoading } = useBlogPosts();
  return (
    <div className="container page">
      <h1 className="page-title">{t('content.blog.listTitle')}</h1>
      {error ? (
        <p className="empty-state">{t('content.blog.listFailed')}</p>
      ) : isLoading || !posts ? (
        <div className="blog-grid" aria-busy="true">
          <Skeletons count={3} className="blog-card skeleton" />
        </div>
      ) : posts.length === 0 ? (
        <p className="empty-state">{t('content.blog.listEmpty')}</p>
      ) : (
        <ul className="blog-grid" data-testid="blog-list">
          {posts.map((post, index) => (
            <li key={post.blog_id}>
              <BlogCard post={post} lazy={index >= 3} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BlogCard({ post, lazy }: { post: BlogPost; lazy: boolean }) {
  const { t } = useT();
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const video = !isImagePost(post);
  // A video post's own cover picture when it has one, else YouTube's thumbnail of the video.
  const thumbnail = post.image || youtubeThumbnail(post.youtube_id);
  return (
    <Link className="blog-card" to={paths.blog(post.blog_id)}>
      <span className={video ? 'blog-thumb blog-thumb-video' : 'blog-thumb'}>
        {!thumbnailFailed && (
          <img
            src={thumbnail}
            alt=""
            width={480}
            height={200}
            loading={lazy ? 'lazy' : 'eager'}
            decoding="async"
            onError={() => setThumbnailFailed(true)}
          />
        )}
        {video && (
          <span className="play-badge" role="img" aria-label={t('content.blog.video')}>
            <PlayIcon size={22} />
          </span>
        )}
      </span>
      <span className="blog-card-title">{post.title}</span>
    </Link>
  );
}
