import type { AdminVoucher } from '@contract/admin-wire';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { adminPaths } from '../../../../config/admin-paths';
import { counted, taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import type { CatalogGame } from '../../catalog/api/get-catalog';
import { voucherDeletes } from '../api/get-vouchers';
import { type VoucherInput, useSaveVoucher } from '../api/save-voucher';
import { saveVoucherBody } from '@contract/admin-catalog';
import { nextPosition, numberField } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { DeleteDialog } from '../../kit/components/delete-dialog';
import { EditableList } from '../../kit/components/edit-list';
import { HtmlField, SelectField } from '../../kit/components/edit-fields';
import { ImageField } from '../../kit/components/image-field';
import { useEditForm } from '../../kit/components/use-edit-form';

type Dialog = { type: 'edit'; voucher?: AdminVoucher } | { type: 'delete'; voucher: AdminVoucher };

interface VoucherTableProps {
  brand: CatalogGame;
  brands: CatalogGame[];
  vouchers: AdminVoucher[];
}

const voucherColumns: Column<AdminVoucher>[] = [
  {
    header: 'Voucher',
    lead: true,
    cell: (voucher) => (
      <div className="media-cell">
        <img className="tree-thumb" src={voucher.image} alt="" width={44} height={44} loading="lazy" />
        <span className="wrap">{voucher.voucher_name}</span>
      </div>
    ),
  },
  { header: 'Price', cell: (voucher) => <strong className="amount">{taka(voucher.price)}</strong> },
  {
    header: 'Stock',
    cell: (voucher) => (
      <Link className="text-link" to={adminPaths.codes(voucher.voucher_id)}>
        {counted(voucher.stock, 'code')}
      </Link>
    ),
  },
  { header: 'Position', cell: (voucher) => voucher.position },
];

/** A brand's vouchers with their stock, and Add, Edit (Rules HTML with a live preview) and Delete. */
export function VoucherTable({ brand, brands, vouchers }: VoucherTableProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <EditableList
        addLabel={`Add a voucher to ${brand.cname.replace(/\.$/, '')}`}
        onAdd={() => setDialog({ type: 'edit' })}
        isEmpty={vouchers.length === 0}
        empty="No vouchers in this brand yet."
      >
        <AdminTable
          rows={vouchers}
          columns={voucherColumns}
          rowKey={(voucher) => voucher.voucher_id}
          rowAttributes={(voucher) => ({ 'data-voucher-id': voucher.voucher_id })}
          actions={(voucher) => (
            <div className="order-actions">
              <button type="button" className="button button-ghost button-small" onClick={() => setDialog({ type: 'edit', voucher })}>
                Edit
              </button>
              <button type="button" className="button button-danger button-small" onClick={() => setDialog({ type: 'delete', voucher })}>
                Delete
              </button>
            </div>
          )}
        />
      </EditableList>
      {dialog?.type === 'edit' && (
        <VoucherDialog voucher={dialog.voucher} brand={brand} brands={brands} vouchers={vouchers} onClose={close} />
      )}
      {dialog?.type === 'delete' && (
        <DeleteDialog
          kind="vouchers"
          revalidates={voucherDeletes}
          id={dialog.voucher.voucher_id}
          what={`the voucher “${dialog.voucher.voucher_name}”`}
          note="A voucher with unsold codes cannot be deleted: void them first (Codes)."
          onClose={close}
        />
      )}
    </>
  );
}

interface VoucherDialogProps {
  voucher?: AdminVoucher;
  brand: CatalogGame;
  brands: CatalogGame[];
  vouchers: AdminVoucher[];
  onClose: () => void;
}

function VoucherDialog({ voucher, brand, brands, vouchers, onClose }: VoucherDialogProps) {
  const { trigger } = useSaveVoucher();
  const [uploading, setUploading] = useState(false);
  const initial = {
    mcategory_id: voucher?.mcategory_id ?? brand.id,
    voucher_name: voucher?.voucher_name ?? '',
    price: voucher ? String(voucher.price) : '',
    image: voucher?.image ?? '',
    description: voucher?.description ?? '',
    position: voucher ? String(voucher.position) : nextPosition(vouchers),
  };
  const input = (values: typeof initial): VoucherInput => ({
    voucher_id: voucher?.voucher_id,
    mcategory_id: values.mcategory_id,
    voucher_name: values.voucher_name.trim(),
    price: values.price.trim(),
    image: values.image.trim(),
    description: values.description,
    position: numberField(values.position),
  });
  const form = useEditForm(initial, (values) => schemaProblems(saveVoucherBody, input(values)), 'The voucher could not be saved');
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
    onClose();
  });
  return (
    <Modal
      title={voucher ? `Edit ${voucher.voucher_name}` : 'Add a voucher'}
      className="modal-wide"
      onClose={form.busy ? () => undefined : onClose}
    >
      <form onSubmit={save} noValidate>
        <SelectField label="Brand" {...form.field('mcategory_id')}>
          {brands.map((other) => (
            <option key={other.id} value={other.id}>
              {other.cname}
            </option>
          ))}
        </SelectField>
        <FormField label="Name" maxLength={120} autoComplete="off" placeholder="e.g. Google Play ৳500" {...form.field('voucher_name')} />
        <div className="form-row">
          <FormField label="Price in taka" inputMode="numeric" autoComplete="off" {...form.field('price')} />
          <FormField label="Position (smaller first)" inputMode="numeric" {...form.field('position')} />
        </div>
        <ImageField label="Image" {...form.imageField('image')} onUploadingChange={setUploading} />
        <HtmlField
          label="Rules (HTML)"
          value={form.values.description}
          error={form.errors.description}
          onChange={(html) => form.setValue('description', html)}
        />
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}
