import type { AdminEvent } from '@contract/admin-wire';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { toast } from '../../../../lib/toast';
import { type EventInput, useSaveEvent } from '../api/save-event';
import { saveEventBody } from '@contract/admin-content';
import { nextPosition, numberField } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { DeleteDialog } from '../../kit/components/delete-dialog';
import { HtmlField } from '../../kit/components/edit-fields';
import { EditCards, EditableList } from '../../kit/components/edit-list';
import { ImageField } from '../../kit/components/image-field';
import { useEditForm } from '../../kit/components/use-edit-form';
import { contentDeletes } from '../api/get-content';

type Dialog = { type: 'edit'; banner?: AdminEvent } | { type: 'delete'; banner: AdminEvent };

/** The home page's banner slides in order, with Add, Edit and Delete. */
export function BannerList({ banners }: { banners: AdminEvent[] }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <EditableList
        addLabel="Add a banner"
        onAdd={() => setDialog({ type: 'edit' })}
        isEmpty={banners.length === 0}
        empty="No banners: the home page shows none."
      >
        <EditCards
          label="Banners"
          items={banners}
          itemKey={(banner) => banner.id}
          itemAttributes={(banner) => ({ 'data-banner-id': banner.id })}
          image={(banner) => <img className="banner-thumb" src={banner.image} alt="" loading="lazy" />}
          name={(banner) => banner.ename}
          detail={(banner) => `Position ${banner.position}`}
          onEdit={(banner) => setDialog({ type: 'edit', banner })}
          onDelete={(banner) => setDialog({ type: 'delete', banner })}
        />
      </EditableList>
      {dialog?.type === 'edit' && <BannerDialog banner={dialog.banner} banners={banners} onClose={close} />}
      {dialog?.type === 'delete' && (
        <DeleteDialog
          revalidates={contentDeletes}
          kind="events"
          id={dialog.banner.id}
          what={`the banner “${dialog.banner.ename}”`}
          onClose={close}
        />
      )}
    </>
  );
}

function BannerDialog({ banner, banners, onClose }: { banner?: AdminEvent; banners: AdminEvent[]; onClose: () => void }) {
  const { trigger } = useSaveEvent();
  const [uploading, setUploading] = useState(false);
  const initial = {
    image: banner?.image ?? '',
    ename: banner?.ename ?? '',
    description: banner?.description ?? '',
    position: banner ? String(banner.position) : nextPosition(banners),
  };
  const input = (values: typeof initial): EventInput => ({
    id: banner?.id,
    image: values.image.trim(),
    ename: values.ename.trim(),
    description: values.description,
    position: numberField(values.position),
  });
  const form = useEditForm(initial, (values) => schemaProblems(saveEventBody, input(values)), 'The banner could not be saved');
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
    onClose();
  });
  return (
    <Modal title={banner ? `Edit ${banner.ename}` : 'Add a banner'} className="modal-wide" onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        <ImageField label="Image" {...form.imageField('image')} onUploadingChange={setUploading} />
        <FormField label="Name (the slide's alternative text)" maxLength={120} autoComplete="off" {...form.field('ename')} />
        <HtmlField
          label="Description (HTML; its first link is where the slide leads)"
          rows={4}
          value={form.values.description}
          error={form.errors.description}
          onChange={(html) => form.setValue('description', html)}
        />
        <FormField label="Position (smaller first)" inputMode="numeric" {...form.field('position')} />
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}
