import type { BlogPostRow } from '@contract/wire';
import useSWR from 'swr';

/** A blog post (spec §3): an image post, or a video post with `youtube_id`. */
export type BlogPost = BlogPostRow;

/** GET /user/blog_list: every post, newest first. */
export function useBlogPosts() {
  return useSWR<BlogPost[]>('/user/blog_list');
}

/** Whether a post shows its image; any other type is a video (spec §2). */
export const isImagePost = (post: Pick<BlogPost, 'type'>) => post.type === 'image';

/** YouTube's own thumbnail of a video. */
export const youtubeThumbnail = (youtubeId: string) => `https://img.youtube.com/vi/${encodeURIComponent(youtubeId)}/hqdefault.jpg`;
