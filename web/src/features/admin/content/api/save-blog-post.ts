import type { BlogPostRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { contentKey } from './get-content';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { saveBlogPostBody } from '@contract/admin-content';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/admin-content.ts). */
export type BlogPostInput = v.InferInput<typeof saveBlogPostBody>;

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
