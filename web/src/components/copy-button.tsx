import { toast } from '../lib/toast';

/** Copies `text` to the clipboard and says so with the shop's "Coppied" toast. */
export function CopyButton({
  text,
  label,
  className = 'button button-ghost button-small',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Coppied', { toastId: `copied-${label}` });
    } catch {
      toast.error('Copy failed; select the text and copy it by hand');
    }
  };
  return (
    <button type="button" className={className} onClick={copy} aria-label={label}>
      Copy
    </button>
  );
}
