import type { AdminCatalog, AdminPlan } from '@contract/admin-wire';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { ApiError } from '../../../../lib/api';
import { counted, taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { type CatalogGame, type CatalogGroup, catalogDeletes } from '../api/get-catalog';
import { planInput, planRequest, useSavePlan } from '../api/save-plan';
import { savePlanBody } from '@contract/admin-catalog';
import { isCodeBrand } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { DeliveryPausedNotice, GameDialog, GroupDialog, PlanDialog } from './catalog-forms';
import { deliveryModeBadges } from '../../kit/delivery-words';
import { DeleteDialog } from '../../kit/components/delete-dialog';
import { Switch } from '../../kit/components/edit-fields';
import { EditableList } from '../../kit/components/edit-list';

/** The dialog open over the tree, if any. */
type Dialog =
  | { type: 'game'; game?: CatalogGame }
  | { type: 'group'; game: CatalogGame; group?: CatalogGroup }
  | { type: 'plan'; game: CatalogGame; group: CatalogGroup; plan?: AdminPlan }
  | { type: 'delete'; kind: 'master_categories' | 'plan_groups' | 'plans'; id: string; what: string; note?: string };

interface CatalogTreeProps {
  catalog: AdminCatalog;
  /** The game shown open (from the URL). */
  openGameId: string | undefined;
  onOpenGame: (gameId: string | undefined) => void;
}

/**
 * The catalog as a tree, game → plan group → plans: add and edit each level in a dialog, delete
 * after a confirmation (the server refuses while something hangs below), and on each plan row its
 * price and in-stock switch, saved on the spot.
 */
export function CatalogTree({ catalog, openGameId, onOpenGame }: CatalogTreeProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const games = catalog.master_categories;
  const close = () => setDialog(null);
  return (
    <>
      <EditableList
        addLabel="Add a game or brand"
        onAdd={() => setDialog({ type: 'game' })}
        isEmpty={games.length === 0}
        empty="No games yet."
      >
        <ul className="tree" aria-label="Games and brands">
          {games.map((game) => (
            <GameNode
              key={game.id}
              game={game}
              open={game.id === openGameId}
              onToggle={() => onOpenGame(game.id === openGameId ? undefined : game.id)}
              onDialog={setDialog}
            />
          ))}
        </ul>
      </EditableList>
      {dialog?.type === 'game' && <GameDialog game={dialog.game} games={games} onClose={close} />}
      {dialog?.type === 'group' && <GroupDialog game={dialog.game} group={dialog.group} games={games} onClose={close} />}
      {dialog?.type === 'plan' && <PlanDialog plan={dialog.plan} group={dialog.group} groups={dialog.game.groups} onClose={close} />}
      {dialog?.type === 'delete' && (
        <DeleteDialog
          kind={dialog.kind}
          revalidates={catalogDeletes}
          id={dialog.id}
          what={dialog.what}
          note={dialog.note}
          onClose={close}
        />
      )}
    </>
  );
}

/** A node's picture (an empty square when it has none), its name (with a badge, if any) and the line under it. */
function NodeLabel({ image, name, detail, badge }: { image: string; name: string; detail: string; badge?: string }) {
  return (
    <>
      {image ? <img className="tree-thumb" src={image} alt="" width={44} height={44} loading="lazy" /> : <span className="tree-thumb" />}
      <div className="tree-name">
        <strong>{name}</strong>
        {badge && <span className="badge badge-info tree-badge">{badge}</span>}
        <small className="muted block">{detail}</small>
      </div>
    </>
  );
}

interface GameNodeProps {
  game: CatalogGame;
  open: boolean;
  onToggle: () => void;
  onDialog: (dialog: Dialog) => void;
}

function GameNode({ game, open, onToggle, onDialog }: GameNodeProps) {
  const brand = isCodeBrand(game);
  const planCount = game.groups.reduce((sum, group) => sum + group.plans.length, 0);
  const panelId = `game-${game.id}`;
  return (
    <li className="tree-game" data-game-id={game.id}>
      <div className="tree-row">
        <NodeLabel
          image={game.image}
          name={game.cname}
          detail={`${brand ? 'Gift-card brand (codes)' : `${counted(game.groups.length, 'group')} · ${counted(planCount, 'plan')}`} · position ${game.position}`}
        />
        <div className="row-actions">
          {brand ? (
            <Link className="button button-ghost button-small" to={adminPaths.vouchers(game.id)}>
              Vouchers
            </Link>
          ) : (
            <button
              type="button"
              className="button button-ghost button-small"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={onToggle}
            >
              {open ? 'Hide plans' : 'Show plans'}
            </button>
          )}
          <button type="button" className="button button-ghost button-small" onClick={() => onDialog({ type: 'game', game })}>
            Edit
          </button>
          <button
            type="button"
            className="button button-danger button-small"
            onClick={() =>
              onDialog({
                type: 'delete',
                kind: 'master_categories',
                id: game.id,
                what: `“${game.cname}”`,
                note: brand ? 'A brand with vouchers cannot be deleted.' : 'A game with plan groups cannot be deleted.',
              })
            }
          >
            Delete
          </button>
        </div>
      </div>
      {open && !brand && (
        <div className="tree-children" id={panelId}>
          {game.groups.length === 0 && <p className="muted small">No plan groups yet: add one, then its plans.</p>}
          <ul className="tree-groups">
            {game.groups.map((group) => (
              <GroupNode key={group.id} game={game} group={group} onDialog={onDialog} />
            ))}
          </ul>
          <button type="button" className="button button-ghost button-small" onClick={() => onDialog({ type: 'group', game })}>
            Add a plan group
          </button>
        </div>
      )}
    </li>
  );
}

function GroupNode({ game, group, onDialog }: { game: CatalogGame; group: CatalogGroup; onDialog: (dialog: Dialog) => void }) {
  return (
    <li className="tree-group" data-group-id={group.id}>
      <div className="tree-row">
        <NodeLabel image={group.image} name={group.cname} detail={`${counted(group.plans.length, 'plan')} · position ${group.position}`} />
        <div className="row-actions">
          <button type="button" className="button button-primary button-small" onClick={() => onDialog({ type: 'plan', game, group })}>
            Add plan
          </button>
          <button type="button" className="button button-ghost button-small" onClick={() => onDialog({ type: 'group', game, group })}>
            Edit
          </button>
          <button
            type="button"
            className="button button-danger button-small"
            onClick={() =>
              onDialog({
                type: 'delete',
                kind: 'plan_groups',
                id: group.id,
                what: `the plan group “${group.cname}”`,
                note: 'A group with plans cannot be deleted: delete its plans first.',
              })
            }
          >
            Delete
          </button>
        </div>
      </div>
      {group.plans.length > 0 && (
        <ul className="plan-rows" aria-label={`Plans of ${group.cname}`}>
          {group.plans.map((plan) => (
            <PlanRow
              key={plan.plans_id}
              plan={plan}
              onEdit={() => onDialog({ type: 'plan', game, group, plan })}
              onDelete={() => onDialog({ type: 'delete', kind: 'plans', id: plan.plans_id, what: `the plan “${plan.pname}”` })}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A plan with its price and stock switch, each saved on the spot. */
function PlanRow({ plan, onEdit, onDelete }: { plan: AdminPlan; onEdit: () => void; onDelete: () => void }) {
  const { trigger } = useSavePlan();
  const { busy, run } = useAction('The plan could not be saved');
  const [price, setPrice] = useState(String(plan.price));
  const [priceError, setPriceError] = useState<string>();
  const [shownPrice, setShownPrice] = useState(plan.price);
  // A price saved elsewhere (another tab, the edit dialog) replaces what the field shows.
  if (shownPrice !== plan.price) {
    setShownPrice(plan.price);
    setPrice(String(plan.price));
  }
  const changed = price.trim() !== String(plan.price);

  const savePrice = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { ...planInput(plan), price: price.trim() };
    // A supplier plan's price must stay above its cost: that rule speaks of the cost field.
    const problems = schemaProblems(savePlanBody, planRequest(input));
    const problem = problems.price ?? problems.cost;
    setPriceError(problem);
    if (problem || !changed) return;
    void run(async () => {
      try {
        await trigger(input);
        toast.success(`${plan.pname}: ${taka(Number(price.trim()))}`);
      } catch (error) {
        if (error instanceof ApiError) setPriceError(error.message);
        throw error;
      }
    });
  };
  const setStock = (inStock: boolean) =>
    void run(async () => {
      await trigger({ ...planInput(plan), inStock });
      toast.success(`${plan.pname}: ${inStock ? 'in stock' : 'out of stock'}`);
    });

  return (
    <li className={plan.status === 1 ? 'plan-row' : 'plan-row is-off'} data-plan-id={plan.plans_id}>
      <NodeLabel
        image={plan.image}
        name={plan.pname}
        badge={deliveryModeBadges[plan.delivery]}
        detail={`${plan.no_of_diamonds > 0 ? `${plan.no_of_diamonds} diamonds · ` : ''}position ${plan.position}`}
      />
      <form className="price-edit" onSubmit={savePrice} noValidate>
        <label className="visually-hidden" htmlFor={`price-${plan.plans_id}`}>
          Price of {plan.pname} in taka
        </label>
        <span className="price-sign" aria-hidden="true">
          ৳
        </span>
        <input
          id={`price-${plan.plans_id}`}
          className={priceError ? 'input price-input is-invalid' : 'input price-input'}
          inputMode="numeric"
          autoComplete="off"
          value={price}
          disabled={busy}
          aria-invalid={Boolean(priceError)}
          onChange={(event) => {
            setPrice(event.target.value);
            setPriceError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setPrice(String(plan.price));
              setPriceError(undefined);
            }
          }}
        />
        {changed && (
          <button type="submit" className="button button-primary button-small" disabled={busy}>
            {busy ? 'Saving…' : 'Save price'}
          </button>
        )}
        {priceError && <p className="field-error">{priceError}</p>}
      </form>
      <div className="row-actions">
        <Switch label="In stock" checked={plan.status === 1} disabled={busy} onChange={setStock} />
        <button type="button" className="button button-ghost button-small" onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="button button-danger button-small" onClick={onDelete}>
          Delete
        </button>
      </div>
      {plan.delivery_paused && <DeliveryPausedNotice reason={plan.delivery_paused} />}
    </li>
  );
}
