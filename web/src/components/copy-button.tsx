import { useT } from '../lib/i18n';
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
  const { t } = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('common.copied'), { toastId: `copied-${label}` });
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };
  return (
    <button type="button" className={className} onClick={copy} aria-label={label}>
      {t('common.copy')}
    </button>
  );
}
