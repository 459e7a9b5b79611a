import type { BlogPostRow } from '@contract/wire';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../../components/form-field';
import { adminPaths } from '../../../../config/admin-paths';
import { dateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { saveBlogPostBody } from '@contract/admin-content';
import { type BlogPostInput, useSaveBlogPost } from '../api/save-blog-post';
import { youtubeIdOf } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { DeleteDialog } from '../../kit/components/delete-dialog';
import { HtmlField } from '../../kit/components/edit-fields';
import { ImageField } from '../../kit/components/image-field';
import { useEditForm } from '../../kit/components/use-edit-form';
import { contentDeletes } from '../api/get-content';

const columns: Column<BlogPostRow>[] = [
  {
    header: 'Title',
    lead: true,
    cell: (post) => (
      <Link className="text-link wrap" to={adminPaths.blogPost(post.blog_id)}>
        {post.title}
      </Link>
    ),
  },
  { header: 'Type', cell: (post) => (post.type === 'video' ? 'Video' : 'Image') },
  { header: 'Posted', cell: (post) => dateTime(post.created_at) },
];

/** Every post, newest first, with Edit and Delete. */
export function BlogTable({ posts }: { posts: BlogPostRow[] }) {
  const [deleting, setDeleting] = useState<BlogPostRow>();
  if (posts.length === 0) return <p className="empty-state">No posts yet.</p>;
  return (
    <>
      <AdminTable
        rows={posts}
        columns={columns}
        rowKey={(post) => post.blog_id}
        rowAttributes={(post) => ({ 'data-blog-id': post.blog_id })}
        actions={(post) => (
          <div className="order-actions">
            <Link className="button button-ghost button-small" to={adminPaths.blogPost(post.blog_id)}>
              Edit
            </Link>
            <button type="button" className="button button-danger button-small" onClick={() => setDeleting(post)}>
              Delete
            </button>
          </div>
        )}
      />
      {deleting && (
        <DeleteDialog
          revalidates={contentDeletes}
          kind="blogs"
          id={deleting.blog_id}
          what={`the post “${deleting.title}”`}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </>
  );
}

/**
 * A post's editor: title, type (an image post or a YouTube video), the image or the video's id
 * (a pasted YouTube link gives its id), and the HTML body with a live sanitised preview.
 */
export function BlogPostForm({ post, onSaved }: { post?: BlogPostRow; onSaved: (post: BlogPostRow) => void }) {
  const { trigger } = useSaveBlogPost();
  const [uploading, setUploading] = useState(false);
  const initial = {
    title: post?.title ?? '',
    type: post?.type ?? 'image',
    image: post?.image ?? '',
    youtube_id: post?.youtube_id ?? '',
    content: post?.content ?? '',
  };
  const input = (values: typeof initial): BlogPostInput => ({
    blog_id: post?.blog_id,
    title: values.title.trim(),
    type: values.type === 'video' ? 'video' : 'image',
    image: values.image.trim(),
    youtube_id: youtubeIdOf(values.youtube_id),
    content: values.content,
  });
  const form = useEditForm(initial, (values) => schemaProblems(saveBlogPostBody, input(values)), 'The post could not be saved');
  const isVideo = form.values.type === 'video';
  const save = form.submit(async (values) => {
    const { post: saved, message } = await trigger(input(values));
    toast.success(message);
    onSaved(saved);
  });
  return (
    <form className="blog-form" onSubmit={save} noValidate>
      <FormField label="Title" maxLength={200} autoComplete="off" {...form.field('title')} />
      <fieldset className="form-field choice-group">
        <legend>Type</legend>
        {(['image', 'video'] as const).map((type) => (
          <label key={type} className="radio-choice">
            <input type="radio" name="type" value={type} checked={form.values.type === type} onChange={() => form.setValue('type', type)} />
            {type === 'image' ? 'Image post' : 'Video post (YouTube)'}
          </label>
        ))}
      </fieldset>
      {isVideo && (
        <FormField
          label="YouTube video id or link"
          maxLength={200}
          autoComplete="off"
          placeholder="e.g. dQw4w9WgXcQ"
          {...form.field('youtube_id')}
        />
      )}
      <ImageField
        label={isVideo ? "Cover picture (optional: the blog list shows YouTube's thumbnail without one)" : 'Image'}
        {...form.imageField('image')}
        onUploadingChange={setUploading}
      />
      <HtmlField
        label="Content (HTML)"
        rows={14}
        value={form.values.content}
        error={form.errors.content}
        onChange={(html) => form.setValue('content', html)}
      />
      <div className="dialog-buttons">
        <Link className="button button-ghost" to={adminPaths.blog}>
          Cancel
        </Link>
        <button type="submit" className="button button-primary" disabled={form.busy || uploading}>
          {form.busy ? 'Saving…' : uploading ? 'Uploading…' : post ? 'Save post' : 'Publish post'}
        </button>
      </div>
    </form>
  );
}
