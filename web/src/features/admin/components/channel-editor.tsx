import type { AdminPaymentChannel } from '@contract/wire';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useSavePaymentChannel } from '../api/save-payment-channel';
import { imageProblem, nextPosition, numberField, optionalText, positionProblem, prune, requiredText } from '../edit-rules';
import { DialogButtons } from './catalog-forms';
import { DeleteDialog } from './delete-dialog';
import { ImageField } from './image-field';
import { useEditForm } from './use-edit-form';

type Dialog = { type: 'edit'; channel?: AdminPaymentChannel } | { type: 'delete'; channel: AdminPaymentChannel };

/** The add-money page's payment channels in order, with Add, Edit and Delete. */
export function ChannelList({ channels }: { channels: AdminPaymentChannel[] }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <div className="tree-actions">
        <button type="button" className="button button-primary" onClick={() => setDialog({ type: 'edit' })}>
          Add a payment channel
        </button>
      </div>
      {channels.length === 0 ? (
        <p className="empty-state">No payment channels: the add-money page lists none.</p>
      ) : (
        <ul className="card-list" aria-label="Payment channels">
          {channels.map((channel) => (
            <li key={channel.id} className="edit-card" data-channel-id={channel.id}>
              <img className="tree-thumb" src={channel.logo} alt="" width={44} height={44} loading="lazy" />
              <div className="edit-card-body">
                <strong className="wrap">{channel.name}</strong>
                <small className="muted block">
                  {channel.number ? <span className="mono">{channel.number}</span> : 'No number'} · position {channel.position}
                </small>
              </div>
              <div className="row-actions">
                <button type="button" className="button button-ghost button-small" onClick={() => setDialog({ type: 'edit', channel })}>
                  Edit
                </button>
                <button type="button" className="button button-danger button-small" onClick={() => setDialog({ type: 'delete', channel })}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog?.type === 'edit' && <ChannelDialog channel={dialog.channel} channels={channels} onClose={close} />}
      {dialog?.type === 'delete' && <DeleteDialog kind="senders" id={dialog.channel.id} what={`the payment channel “${dialog.channel.name}”`} onClose={close} />}
    </>
  );
}

function ChannelDialog({ channel, channels, onClose }: { channel?: AdminPaymentChannel; channels: AdminPaymentChannel[]; onClose: () => void }) {
  const { trigger } = useSavePaymentChannel();
  const [uploading, setUploading] = useState(false);
  const form = useEditForm(
    { name: channel?.name ?? '', logo: channel?.logo ?? '', number: channel?.number ?? '', position: channel ? String(channel.position) : nextPosition(channels) },
    (values) =>
      prune({
        name: requiredText(values.name, 'Name is required', 60),
        logo: imageProblem(values.logo, 'Logo'),
        number: optionalText(values.number, 40),
        position: positionProblem(values.position),
      }),
    'The payment channel could not be saved',
  );
  const save = form.submit(async (values) => {
    const { message } = await trigger({ id: channel?.id, name: values.name.trim(), logo: values.logo.trim(), number: values.number.trim(), position: numberField(values.position) });
    toast.success(message);
    onClose();
  });
  return (
    <Modal title={channel ? `Edit ${channel.name}` : 'Add a payment channel'} onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        <FormField label="Name" maxLength={60} autoComplete="off" placeholder="e.g. bKash" {...form.field('name')} />
        <ImageField label="Logo" value={form.values.logo} error={form.errors.logo} onChange={(url) => form.setValue('logo', url)} onUploadingChange={setUploading} />
        <FormField label="Number (optional)" maxLength={40} autoComplete="off" placeholder="e.g. 01700-000000" {...form.field('number')} />
        <FormField label="Position (smaller first)" inputMode="numeric" {...form.field('position')} />
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}
