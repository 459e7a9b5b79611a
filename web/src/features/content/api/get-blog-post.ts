import useSWR from 'swr';
import type { BlogPost } from './get-blog-posts';

/** GET /user/blog/{id}: one post. */
export function useBlogPost(id: string) {
  return useSWR<BlogPost>(`/user/blog/${encodeURIComponent(id)}`);
}
