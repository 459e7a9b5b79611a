import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/form-field';
import { BoltIcon, WalletIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { taka } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { PlanGroup } from '../api/get-plan-groups';
import { type Plan, usePlans } from '../api/get-plans';
import { placePlanOrder } from '../api/place-order';
import { type AccountErrors, type AccountFields, accountErrors, accountTypes, isPlayerIdGroup, walletCovers } from '../order-rules';
import { useAction } from '../../../lib/use-action';

type PaymentMode = 'wallet' | 'gateway';

const emptyAccount: AccountFields = { playerId: '', accountType: '', accountId: '', password: '', backupCode: '' };

interface OrderFormProps {
  group: PlanGroup;
  /** Set while the shop is closed: buying is disabled and this is shown. */
  shopClosedMessage?: string;
}

/**
 * The order form of one plan group: a plan, the account to top up, the payment mode, and Buy
 * Now. It validates, hands a complete order to `placePlanOrder`, and goes to My Orders once a
 * wallet order is placed.
 */
export function OrderForm({ group, shopClosedMessage }: OrderFormProps) {
  const { data: plans, error: plansError, isLoading } = usePlans(group.id);
  const { userToken, userInfo } = useSession();
  const navigate = useNavigate();
  const [planId, setPlanId] = useState<string>();
  const [mode, setMode] = useState<PaymentMode>();
  const [fields, setFields] = useState(emptyAccount);
  const [errors, setErrors] = useState<AccountErrors>({});
  const { busy, run } = useAction('Something went wrong');
  const headingId = useId();

  const playerIdGroup = isPlayerIdGroup(group);
  const plan = plans?.find((candidate) => candidate.plans_id === planId && candidate.status === 1);
  const signedIn = Boolean(userToken);
  const balance = Math.trunc(Number(userInfo?.wallet_balance ?? 0));
  const walletShort = signedIn && mode === 'wallet' && plan !== undefined && !walletCovers(plan.price, balance);
  const canBuy = plan !== undefined && mode !== undefined && !shopClosedMessage && !walletShort && !busy;

  const setField = (name: keyof AccountFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canBuy) return;
    if (!signedIn) {
      toast.error('Please login to continue', { toastId: 'login-to-continue' });
      return;
    }
    const found = accountErrors(playerIdGroup, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const outcome = await placePlanOrder({
        plan: { plans_id: plan.plans_id, pname: plan.pname, price: plan.price },
        group: { id: group.id, cname: group.cname },
        mode,
        saccount_type: playerIdGroup ? '' : fields.accountType,
        saccount_id: (playerIdGroup ? fields.playerId : fields.accountId).trim(),
        saccount_password: playerIdGroup ? '0' : fields.password,
        backup_code: playerIdGroup ? '' : fields.backupCode.trim(),
      });
      if (outcome.kind === 'placed') {
        toast.success(outcome.message);
        navigate(paths.profileOrders);
      } else if (outcome.kind === 'paying') {
        toast.info('Finish the payment in the new window; your order appears in My Orders once it is paid.');
      } else {
        toast.error(outcome.message);
      }
    });
  };

  return (
    <form className="panel order-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <div className="order-head">
        <img src={group.image} alt="" width={56} height={56} />
        <div>
          <p className="eyebrow">Top-up type</p>
          <h2 id={headingId}>{group.cname}</h2>
        </div>
      </div>
      <div className="order-layout">
        <fieldset className="order-step">
          <legend>
            <span className="step-number">1</span> Select recharge
          </legend>
          {plansError ? (
            <p className="empty-state">The packs could not be loaded. Please try again in a moment.</p>
          ) : isLoading ? (
            <div className="plan-grid" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                <div key={i} className="plan-option skeleton" />
              ))}
            </div>
          ) : plans && plans.length > 0 ? (
            <div className="plan-grid">
              {plans.map((candidate) => (
                <PlanOption key={candidate.plans_id} plan={candidate} checked={candidate.plans_id === plan?.plans_id} onChoose={() => setPlanId(candidate.plans_id)} />
              ))}
            </div>
          ) : (
            <p className="empty-state">No packs in this top-up yet. Please check back soon.</p>
          )}
        </fieldset>

        <div className="order-side">
          <fieldset className="order-step">
            <legend>
              <span className="step-number">2</span> Account info
            </legend>
            {playerIdGroup ? (
              <FormField
                label="Player ID"
                name="saccount_id"
                inputMode="numeric"
                autoComplete="off"
                placeholder="Enter your player ID"
                value={fields.playerId}
                error={errors.playerId}
                onChange={(e) => setField('playerId', e.target.value)}
              />
            ) : (
              <>
                <AccountTypeField value={fields.accountType} error={errors.accountType} onChange={(value) => setField('accountType', value)} />
                <FormField
                  label="Email or ID"
                  name="saccount_id"
                  autoComplete="off"
                  placeholder="Email, phone or ID"
                  value={fields.accountId}
                  error={errors.accountId}
                  onChange={(e) => setField('accountId', e.target.value)}
                />
                <FormField
                  label="Password"
                  name="saccount_password"
                  secret
                  autoComplete="off"
                  value={fields.password}
                  error={errors.password}
                  onChange={(e) => setField('password', e.target.value)}
                />
                <FormField
                  label="Backup code (optional)"
                  name="backup_code"
                  autoComplete="off"
                  value={fields.backupCode}
                  onChange={(e) => setField('backupCode', e.target.value)}
                />
              </>
            )}
          </fieldset>

          <fieldset className="order-step">
            <legend>
              <span className="step-number">3</span> Payment
            </legend>
            <div className="mode-grid">
              <label className={mode === 'wallet' ? 'choice mode-option selected' : 'choice mode-option'}>
                <input type="radio" name="payment_mode" value="wallet" checked={mode === 'wallet'} onChange={() => setMode('wallet')} />
                <WalletIcon size={22} />
                <span className="mode-name">Wallet</span>
                <span className="mode-note">{signedIn ? (userInfo ? `Balance ${taka(balance)}` : 'Balance …') : 'Pay from your balance'}</span>
              </label>
              <label className={mode === 'gateway' ? 'choice mode-option selected' : 'choice mode-option'}>
                <input type="radio" name="payment_mode" value="gateway" checked={mode === 'gateway'} onChange={() => setMode('gateway')} />
                <BoltIcon size={22} />
                <span className="mode-name">Instant Payment</span>
                <span className="mode-note">bKash · Nagad · Upay</span>
              </label>
            </div>
          </fieldset>

          <div className="order-summary">
            <div className="summary-row">
              <span>{plan ? plan.pname : 'Choose a pack'}</span>
              <strong>{plan ? taka(plan.price) : '—'}</strong>
            </div>
            {walletShort && (
              <p className="notice notice-warn">
                Your wallet has {taka(balance)}, less than {taka(plan.price)}. <Link to={paths.addMoney}>Add money</Link> or choose Instant Payment.
              </p>
            )}
            {shopClosedMessage && (
              <p className="notice notice-danger" role="alert">
                {shopClosedMessage}
              </p>
            )}
            <button type="submit" className="button button-primary button-block" disabled={!canBuy}>
              {busy ? 'Please wait…' : 'Buy Now'}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}

function PlanOption({ plan, checked, onChoose }: { plan: Plan; checked: boolean; onChoose: () => void }) {
  const outOfStock = plan.status !== 1;
  const className = ['choice', 'plan-option', checked ? 'selected' : '', outOfStock ? 'out-of-stock' : ''].filter(Boolean).join(' ');
  return (
    <label className={className}>
      <input type="radio" name="plan" value={plan.plans_id} checked={checked} disabled={outOfStock} onChange={onChoose} />
      <img src={plan.image} alt="" width={40} height={40} loading="lazy" />
      <span className="plan-name">{plan.pname}</span>
      <span className="plan-price">{taka(plan.price)}</span>
      {outOfStock && <span className="badge badge-muted">Out Of Stock</span>}
    </label>
  );
}

function AccountTypeField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>Account type</label>
      <select
        id={id}
        name="saccount_type"
        className={error ? 'input is-invalid' : 'input'}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose account type</option>
        {accountTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
