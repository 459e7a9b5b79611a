import type { AdminPaymentChannel } from '@contract/admin-wire';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { toast } from '../../../../lib/toast';
import { type PaymentChannelInput, useSavePaymentChannel } from '../api/save-payment-channel';
import { savePaymentChannelBody } from '@contract/admin-content';
import { nextPosition, numberField } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { DeleteDialog } from '../../kit/components/delete-dialog';
import { EditCards, EditableList } from '../../kit/components/edit-list';
import { ImageField } from '../../kit/components/image-field';
import { useEditForm } from '../../kit/components/use-edit-form';
import { contentDeletes } from '../api/get-content';

type Dialog = { type: 'edit'; channel?: AdminPaymentChannel } | { type: 'delete'; channel: AdminPaymentChannel };

/** The add-money page's payment channels in order, with Add, Edit and Delete. */
export function ChannelList({ channels }: { channels: AdminPaymentChannel[] }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <EditableList
        addLabel="Add a payment channel"
        onAdd={() => setDialog({ type: 'edit' })}
        isEmpty={channels.length === 0}
        empty="No payment channels: the add-money page lists none."
      >
        <EditCards
          label="Payment channels"
          items={channels}
          itemKey={(channel) => channel.id}
          itemAttributes={(channel) => ({ 'data-channel-id': channel.id })}
          image={(channel) => <img className="tree-thumb" src={channel.logo} alt="" width={44} height={44} loading="lazy" />}
          name={(channel) => channel.name}
          detail={(channel) => (
            <>
              {channel.number ? <span className="mono">{channel.number}</span> : 'No number'} · position {channel.position}
            </>
          )}
          onEdit={(channel) => setDialog({ type: 'edit', channel })}
          onDelete={(channel) => setDialog({ type: 'delete', channel })}
        />
      </EditableList>
      {dialog?.type === 'edit' && <ChannelDialog channel={dialog.channel} channels={channels} onClose={close} />}
      {dialog?.type === 'delete' && (
        <DeleteDialog
          revalidates={contentDeletes}
          kind="senders"
          id={dialog.channel.id}
          what={`the payment channel “${dialog.channel.name}”`}
          onClose={close}
        />
      )}
    </>
  );
}

function ChannelDialog({
  channel,
  channels,
  onClose,
}: {
  channel?: AdminPaymentChannel;
  channels: AdminPaymentChannel[];
  onClose: () => void;
}) {
  const { trigger } = useSavePaymentChannel();
  const [uploading, setUploading] = useState(false);
  const initial = {
    name: channel?.name ?? '',
    logo: channel?.logo ?? '',
    number: channel?.number ?? '',
    position: channel ? String(channel.position) : nextPosition(channels),
  };
  const input = (values: typeof initial): PaymentChannelInput => ({
    id: channel?.id,
    name: values.name.trim(),
    logo: values.logo.trim(),
    number: values.number.trim(),
    position: numberField(values.position),
  });
  const form = useEditForm(
    initial,
    (values) => schemaProblems(savePaymentChannelBody, input(values)),
    'The payment channel could not be saved',
  );
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
    onClose();
  });
  return (
    <Modal title={channel ? `Edit ${channel.name}` : 'Add a payment channel'} onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        <FormField label="Name" maxLength={60} autoComplete="off" placeholder="e.g. bKash" {...form.field('name')} />
        <ImageField label="Logo" {...form.imageField('logo')} onUploadingChange={setUploading} />
        <FormField label="Number (optional)" maxLength={40} autoComplete="off" placeholder="e.g. 01700-000000" {...form.field('number')} />
        <FormField label="Position (smaller first)" inputMode="numeric" {...form.field('position')} />
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}
