import { imageReferencePattern } from '@contract/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { useUploadImage } from '../api/presign-upload';
import { uploadMimeTypes, uploadProblem } from '../../../../lib/upload-rules';
import { useFileDrop } from './use-file-drop';

interface ImageFieldProps {
  label: string;
  /** The stored image: a path on the shop's origin or an https link. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Told when an upload starts and ends, so that the form waits for it before saving. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * An image or logo: a preview, an upload (choose or drop a PNG, JPEG or WebP of at most 2 MB,
 * refused here before the server is asked) with its progress, and the stored path or link, which
 * may also be typed (/images/… of the shop, or an https link).
 */
export function ImageField({ label, value, onChange, error, onUploadingChange }: ImageFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [localPreview, setLocalPreview] = useState<string>();
  const [uploadError, setUploadError] = useState<string>();
  const { trigger } = useUploadImage();
  const uploading = progress !== undefined;

  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview]);

  const upload = async (file: File) => {
    const problem = uploadProblem(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setUploadError(undefined);
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const url = await trigger({ file, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) });
      onChange(url);
      setLocalPreview(undefined);
    } catch (failure) {
      setLocalPreview(undefined);
      setUploadError(failure instanceof Error ? failure.message : 'The upload failed');
    } finally {
      setProgress(undefined);
      onUploadingChange?.(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const { dragging, dropHandlers } = useFileDrop((file) => void upload(file), uploading);
  // A typed value is previewed only once it is one the server takes: never a fetch from wherever a half-typed link points.
  const shown = localPreview ?? (imageReferencePattern.test(value.trim()) ? value.trim() : undefined);
  const message = uploadError ?? error;
  return (
    <div className={dragging ? 'form-field image-field is-dragging' : 'form-field image-field'} {...dropHandlers}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-field-body">
        <div className="image-preview">
          {shown ? <img src={shown} alt={`${label} preview`} /> : <span className="muted small">No image</span>}
          {uploading && (
            <div className="upload-progress">
              <progress max={100} value={progress} aria-label={`${label} upload progress`} />
              <span aria-live="polite">{progress}%</span>
            </div>
          )}
        </div>
        <div className="image-field-controls">
          <label className={uploading ? 'button button-ghost button-small is-disabled' : 'button button-ghost button-small'}>
            {uploading ? 'Uploading…' : value ? 'Replace image' : 'Upload image'}
            <input
              ref={fileInput}
              className="visually-hidden"
              type="file"
              accept={uploadMimeTypes.join(',')}
              aria-label={`Upload ${label.toLowerCase()}`}
              disabled={uploading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
          <small className="muted">PNG, JPEG or WebP, at most 2 MB; or drop it here.</small>
          <label className="visually-hidden" htmlFor={`${id}-path`}>
            {label} path or link
          </label>
          <input
            id={`${id}-path`}
            className={message ? 'input is-invalid' : 'input'}
            placeholder="/images/… or https://…"
            value={value}
            disabled={uploading}
            aria-invalid={Boolean(message)}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => {
              setUploadError(undefined);
              onChange(event.target.value);
            }}
          />
        </div>
      </div>
      {message && (
        <p className="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  );
}
