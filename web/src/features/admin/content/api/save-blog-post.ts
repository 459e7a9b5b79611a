import type { BlogPostRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { contentKey } from './get-content';
import { refreshShopReads } from '../../kit/api/shop-reads';

export interface BlogPostInput {
  /** Absent: a new post. */
  blog_id?: string;
  type: 'image' | 'video';
  image: string;
  youtube_id: string;
  title: string;
  /** HTML as written; the shop sanitises it where it shows it. */
  content: string;
}

/** POST /admin/blogs: a new post, or a change of one. Revalidates the content and the shop's reads. */
export function useSaveBlogPost() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/blogs',
    async (path: string, { arg }: { arg: BlogPostInput }) => {
      const { data, message } = await apiRequest<BlogPostRow>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(contentKey), refreshShopReads(mutate, 'content')]);
      return { post: data, message };
    },
    writeOptions,
  );
}
