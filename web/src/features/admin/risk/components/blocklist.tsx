import type { BlockRow } from '@contract/admin-wire';
import { blockBody } from '@contract/admin-operations';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { dateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { schemaProblems } from '../../kit/schema-problems';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { EditableList } from '../../kit/components/edit-list';
import { SelectField } from '../../kit/components/edit-fields';
import { useEditForm } from '../../kit/components/use-edit-form';
import { type BlockInput, useAddBlock, useRemoveBlock } from '../api/change-blocklist';

const kindWords: Record<BlockRow['kind'], string> = {
  player: 'Player ID',
  mobile: 'Mobile number',
  email: 'E-mail',
  device: 'Device id',
  payer: "Payer's number (as the gateway shows it)",
};

const columns: Column<BlockRow>[] = [
  { header: 'What', cell: (block) => kindWords[block.kind] },
  { header: 'Value', lead: true, cell: (block) => <span className="mono wrap">{block.value}</span> },
  { header: 'Why', cell: (block) => block.reason },
  { header: 'Since', cell: (block) => dateTime(block.created_at) },
];

/** The blocked identities, each with Lift, and Block to add one: a blocked buyer is refused at every checkout. */
export function Blocklist({ blocks }: { blocks: BlockRow[] }) {
  const [adding, setAdding] = useState(false);
  const { trigger: remove } = useRemoveBlock();
  const { busy, run } = useAction('The block could not be lifted');
  const withActions: Column<BlockRow>[] = [
    ...columns,
    {
      header: 'Actions',
      cell: (block) => (
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          onClick={() => void run(async () => toast.success(await remove({ kind: block.kind, value: block.value })))}
        >
          Lift
        </button>
      ),
    },
  ];
  return (
    <>
      <EditableList addLabel="Block" onAdd={() => setAdding(true)} isEmpty={blocks.length === 0} empty="Nothing is blocked.">
        <AdminTable
          rows={blocks}
          columns={withActions}
          rowKey={(block) => `${block.kind}:${block.value}`}
          rowAttributes={(block) => ({ 'data-block': `${block.kind}:${block.value}` })}
        />
      </EditableList>
      {adding && <BlockDialog onClose={() => setAdding(false)} />}
    </>
  );
}

const initial = { kind: 'player', value: '', reason: '' };

function BlockDialog({ onClose }: { onClose: () => void }) {
  const { trigger } = useAddBlock();
  const input = (values: typeof initial): BlockInput => ({
    kind: values.kind as BlockInput['kind'],
    value: values.value.trim(),
    reason: values.reason.trim(),
  });
  const form = useEditForm(initial, (values) => schemaProblems(blockBody, input(values)), 'It could not be blocked');
  const save = form.submit(async (values) => {
    toast.success(await trigger(input(values)));
    onClose();
  });
  return (
    <Modal title="Block" onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        <SelectField label="What" {...form.field('kind')}>
          {Object.entries(kindWords).map(([kind, words]) => (
            <option key={kind} value={kind}>
              {words}
            </option>
          ))}
        </SelectField>
        <FormField label="Value (as the buyer typed it)" autoComplete="off" {...form.field('value')} />
        <FormField label="Why (operators read this)" maxLength={200} {...form.field('reason')} />
        <DialogButtons busy={form.busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
