import type { AdminPlan } from '@contract/wire';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { toast } from '../../../../lib/toast';
import type { CatalogGame, CatalogGroup } from '../api/get-catalog';
import { type MasterCategoryInput, useSaveMasterCategory } from '../api/save-master-category';
import { type PlanInput, planRequest, useSavePlan } from '../api/save-plan';
import { type PlanGroupInput, useSavePlanGroup } from '../api/save-plan-group';
import { savePlanBody, savePlanGroupBody, saveMasterCategoryBody } from '@contract/admin-catalog';
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
  const initial = { cname: game?.cname ?? '', image: game?.image ?? '', position: game ? String(game.position) : nextPosition(games) };
  const input = (values: typeof initial): MasterCategoryInput => ({
    id: game?.id,
    cname: values.cname.trim(),
    image: values.image.trim(),
    position: numberField(values.position),
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

/** Add or edit a plan: name, image, price in whole taka, diamonds, in stock, position. */
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
  };
  const input = (values: typeof initial): PlanInput => ({
    plans_id: plan?.plans_id,
    category_id: values.category_id,
    pname: values.pname.trim(),
    image: values.image.trim(),
    price: values.price.trim(),
    no_of_diamonds: numberField(values.no_of_diamonds),
    inStock: values.inStock,
    position: numberField(values.position),
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
        <DialogButtons busy={form.busy} uploading={uploading} onCancel={onClose} />
      </form>
    </Modal>
  );
}
