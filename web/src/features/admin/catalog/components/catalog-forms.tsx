import type { AdminPlan } from '@contract/admin-wire';
import type { DeliveryMode } from '@contract/wire';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { counted } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import type { CatalogGame, CatalogGroup } from '../api/get-catalog';
import { type MasterCategoryInput, useSaveMasterCategory } from '../api/save-master-category';
import { type PlanInput, planRequest, useSavePlan } from '../api/save-plan';
import { type PlanGroupInput, useSavePlanGroup } from '../api/save-plan-group';
import { deliveryModes, savePlanBody, savePlanGroupBody, saveMasterCategoryBody } from '@contract/admin-catalog';
import { useAdminVouchers } from '../../vouchers/api/get-vouchers';
import { deliveryModeLabels } from '../../kit/delivery-words';
import { isCodeBrand, nextPosition, numberField } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { SelectField, Switch } from '../../kit/components/edit-fields';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { ImageField } from '../../kit/components/image-field';
import { useEditForm } from '../../kit/components/use-edit-form';

/** Add or edit a game or gift-card brand. */
export function GameDialog({ game, games, onClose }: { game?: CatalogGame; games: CatalogGame[]; onClose: () => void }) {
  const { trigger } = useSaveMasterCategory();
  const [uploading, setUploading] = useState(false);
  const initial = {
    cname: game?.cname ?? '',
    image: game?.image ?? '',
    position: game ? String(game.position) : nextPosition(games),
    lookup_code: game?.lookup_code ?? '',
  };
  const input = (values: typeof initial): MasterCategoryInput => ({
    id: game?.id,
    cname: values.cname.trim(),
    image: values.image.trim(),
    position: numberField(values.position),
    lookup_code: values.lookup_code.trim(),
  });
  const form = useEditForm(initial, (values) => schemaProblems(saveMasterCategoryBody, input(values)), 'The game could not be saved');
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
    onClose();
  });
  return (
    <Modal title={game ? `Edit ${game.cname}` : 'Add a game or brand'} onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        <FormField label="Name" maxLength={80} autoComplete="off" {...form.field('cname')} />
        <p className="muted small form-hint">
          A name ending with a full stop (“Steam wallet codes.”) makes a gift-card brand, sold by codes; any other name a top-up game.
        </p>
        <ImageField label="Image" {...form.imageField('image')} onUploadingChange={setUploading} />
        <FormField label="Position (smaller first)" inputMode="numeric" {...form.field('position')} />
        <FormField
          label="Nickname lookup code"
          maxLength={40}
          autoComplete="off"
          autoCapitalize="none"
          placeholder="e.g. freefire"
          hint="The supplier's name for the game's nickname check; empty: the confirm step shows no nickname."
          {...form.field('lookup_code')}
        />
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** Add or edit a plan group of a game. */
export function GroupDialog({
  group,
  game,
  games,
  onClose,
}: {
  group?: CatalogGroup;
  game: CatalogGame;
  games: CatalogGame[];
  onClose: () => void;
}) {
  const { trigger } = useSavePlanGroup();
  const [uploading, setUploading] = useState(false);
  const initial = {
    master_category: game.id,
    cname: group?.cname ?? '',
    image: group?.image ?? '',
    position: group ? String(group.position) : nextPosition(game.groups),
  };
  const input = (values: typeof initial): PlanGroupInput => ({
    id: group?.id,
    master_category: values.master_category,
    cname: values.cname.trim(),
    image: values.image.trim(),
    position: numberField(values.position),
  });
  const form = useEditForm(initial, (values) => schemaProblems(savePlanGroupBody, input(values)), 'The plan group could not be saved');
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
    onClose();
  });
  return (
    <Modal title={group ? `Edit ${group.cname}` : `Add a plan group to ${game.cname}`} onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        {group && (
          <SelectField label="Game" {...form.field('master_category')}>
            {games
              .filter((other) => !isCodeBrand(other))
              .map((other) => (
                <option key={other.id} value={other.id}>
                  {other.cname}
                </option>
              ))}
          </SelectField>
        )}
        <FormField label="Name" maxLength={80} autoComplete="off" {...form.field('cname')} />
        <p className="muted small form-hint">
          A group named “UID TOPUP” asks the shopper for a player ID; any other name for a game-account login.
        </p>
        <ImageField label="Image" {...form.imageField('image')} onUploadingChange={setUploading} />
        <FormField label="Position (smaller first)" inputMode="numeric" {...form.field('position')} />
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}

interface PlanDialogProps {
  plan?: AdminPlan;
  group: CatalogGroup;
  /** The groups a plan may move to (its game's). */
  groups: CatalogGroup[];
  onClose: () => void;
}

/**
 * Add or edit a plan: name, image, price in whole taka, diamonds, in stock, position, and how it
 * is delivered (the operators' queue, a voucher's codes, or a supplier's product at a cost).
 */
export function PlanDialog({ plan, group, groups, onClose }: PlanDialogProps) {
  const { trigger } = useSavePlan();
  const [uploading, setUploading] = useState(false);
  const initial = {
    category_id: group.id,
    pname: plan?.pname ?? '',
    image: plan?.image ?? group.plans[0]?.image ?? '',
    price: plan ? String(plan.price) : '',
    no_of_diamonds: plan ? String(plan.no_of_diamonds) : '',
    inStock: plan ? plan.status === 1 : true,
    position: plan ? String(plan.position) : nextPosition(group.plans),
    delivery: plan?.delivery ?? ('manual' as DeliveryMode),
    delivery_voucher_id: plan?.delivery_voucher_id ?? '',
    supplier_sku: plan?.supplier_sku ?? '',
    cost: plan?.cost ? String(plan.cost) : '',
  };
  // Only the chosen mode's fields go out: what another mode's fields held stays in the form, unsent.
  const input = (values: typeof initial): PlanInput => ({
    plans_id: plan?.plans_id,
    category_id: values.category_id,
    pname: values.pname.trim(),
    image: values.image.trim(),
    price: values.price.trim(),
    no_of_diamonds: numberField(values.no_of_diamonds),
    inStock: values.inStock,
    position: numberField(values.position),
    delivery: values.delivery,
    delivery_voucher_id: values.delivery === 'stock' ? values.delivery_voucher_id : undefined,
    supplier_sku: values.delivery === 'supplier' ? values.supplier_sku.trim() : undefined,
    cost: values.delivery === 'supplier' ? numberField(values.cost) : undefined,
  });
  const form = useEditForm(initial, (values) => schemaProblems(savePlanBody, planRequest(input(values))), 'The plan could not be saved');
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
    onClose();
  });
  return (
    <Modal title={plan ? `Edit ${plan.pname}` : `Add a plan to ${group.cname}`} onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        {plan && groups.length > 1 && (
          <SelectField label="Plan group" {...form.field('category_id')}>
            {groups.map((other) => (
              <option key={other.id} value={other.id}>
                {other.cname}
              </option>
            ))}
          </SelectField>
        )}
        <FormField label="Name" maxLength={80} autoComplete="off" placeholder="e.g. 100 Diamonds" {...form.field('pname')} />
        <div className="form-row">
          <FormField label="Price in taka" inputMode="numeric" autoComplete="off" {...form.field('price')} />
          <FormField label="Diamonds" inputMode="numeric" autoComplete="off" {...form.field('no_of_diamonds')} />
        </div>
        <ImageField label="Image" {...form.imageField('image')} onUploadingChange={setUploading} />
        <div className="form-row">
          <FormField label="Position (smaller first)" inputMode="numeric" {...form.field('position')} />
          <div className="form-field switch-field">
            <Switch label="In stock" checked={form.values.inStock} onChange={(checked) => form.setValue('inStock', checked)} />
          </div>
        </div>
        {plan?.delivery_paused && <DeliveryPausedNotice reason={plan.delivery_paused} />}
        <SelectField label="Delivery" {...form.field('delivery')}>
          {deliveryModes.map((mode) => (
            <option key={mode} value={mode}>
              {deliveryModeLabels[mode]}
            </option>
          ))}
        </SelectField>
        {form.values.delivery === 'stock' && <StockVoucherField {...form.field('delivery_voucher_id')} />}
        {form.values.delivery === 'supplier' && (
          <div className="form-row">
            <FormField
              label="Supplier product code"
              maxLength={60}
              autoComplete="off"
              autoCapitalize="none"
              {...form.field('supplier_sku')}
            />
            <FormField label="Cost (৳)" inputMode="numeric" autoComplete="off" {...form.field('cost')} />
          </div>
        )}
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** Why a plan's automatic delivery stopped, and how to start it again. */
export function DeliveryPausedNotice({ reason }: { reason: string }) {
  return (
    <p className="notice notice-warn" role="status">
      Automatic delivery paused: {reason} — save the plan to start it again
    </p>
  );
}

type StockVoucherFieldProps = Pick<React.ComponentProps<typeof SelectField>, 'name' | 'value' | 'error' | 'onChange'>;

/** The voucher whose codes a stock-delivered plan hands out, with each voucher's codes left. */
function StockVoucherField(select: StockVoucherFieldProps) {
  const { data: vouchers, error } = useAdminVouchers();
  return (
    <SelectField
      label="Voucher"
      disabled={!vouchers}
      {...select}
      error={select.error ?? (error ? 'The vouchers could not be loaded' : undefined)}
    >
      <option value="">{vouchers ? 'Choose the voucher whose codes it uses' : 'Loading vouchers…'}</option>
      {vouchers?.map((voucher) => (
        <option key={voucher.voucher_id} value={voucher.voucher_id}>
          {voucher.voucher_name} ({counted(voucher.stock, 'code')} left)
        </option>
      ))}
    </SelectField>
  );
}
