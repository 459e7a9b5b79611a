import { type OrderAccountFields, accountTypes, isPlayerIdGroup, orderAccountProblems } from '@contract/rules';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/form-field';
import { BoltIcon, WalletIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { taka } from '../../../lib/format';
import { payInNewWindow } from '../../../lib/payment-window';
import { useSessionToken } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import type { PlanGroup } from '../api/get-plan-groups';
import { type Plan, usePlans } from '../api/get-plans';
import { type PlanOrderInput, usePlaceOrder } from '../api/place-order';
import { useStartOrderPayment } from '../api/start-order-payment';
import { walletCovers } from '../order-rules';

type PaymentMode = 'wallet' | 'gateway';

type AccountFields = Required<OrderAccountFields>;
type AccountProblems = ReturnType<typeof orderAccountProblems>;

const emptyAccount: AccountFields = { saccount_type: '', saccount_id: '', saccount_password: '', backup_code: '' };

interface OrderFormProps {
  group: PlanGroup;
  /** Set while the shop is closed: buying is disabled and this is shown. */
  shopClosedMessage?: string;
}

/**
 * The order form of one plan group: a plan, the account to top up, the payment mode, and Buy
 * Now. It validates, then pays from the wallet (and goes to My Orders) or opens the gateway's
 * page in a new window.
 */
export function OrderForm({ group, shopClosedMessage }: OrderFormProps) {
  const { data: plans, error: plansError, isLoading } = usePlans(group.id);
  const userToken = useSessionToken();
  const { data: userInfo } = useUser();
  const { trigger: placeOrder } = usePlaceOrder();
  const { trigger: startPayment } = useStartOrderPayment();
  const navigate = useNavigate();
  const [planId, setPlanId] = useState<string>();
  const [mode, setMode] = useState<PaymentMode>();
  const [fields, setFields] = useState(emptyAccount);
  const [errors, setErrors] = useState<AccountProblems>({});
  const { busy, run } = useAction('Something went wrong');
  const headingId = useId();

  const playerIdGroup = isPlayerIdGroup(group.cname);
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
    const found = orderAccountProblems(playerIdGroup, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const order: PlanOrderInput = {
      plan: { plans_id: plan.plans_id, price: plan.price },
      saccount_type: playerIdGroup ? '' : fields.saccount_type,
      saccount_id: fields.saccount_id.trim(),
      saccount_password: playerIdGroup ? '0' : fields.saccount_password,
      backup_code: playerIdGroup ? '' : fields.backup_code.trim(),
    };
    await run(async () => {
      if (mode === 'wallet') {
        toast.success(await placeOrder(order));
        navigate(paths.profileOrders);
        return;
      }
      const refusal = await payInNewWindow(() => startPayment(order));
      if (refusal === undefined) toast.info('Finish the payment in the new window; your order appears in My Orders once it is paid.');
      else toast.error(refusal);
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
                value={fields.saccount_id}
                error={errors.saccount_id}
                onChange={(e) => setField('saccount_id', e.target.value)}
              />
            ) : (
              <>
                <AccountTypeField value={fields.saccount_type} error={errors.saccount_type} onChange={(value) => setField('saccount_type', value)} />
                <FormField
                  label="Email or ID"
                  name="saccount_id"
                  autoComplete="off"
                  placeholder="Email, phone or ID"
                  value={fields.saccount_id}
                  error={errors.saccount_id}
                  onChange={(e) => setField('saccount_id', e.target.value)}
                />
                <FormField
                  label="Password"
                  name="saccount_password"
                  secret
                  autoComplete="off"
                  value={fields.saccount_password}
                  error={errors.saccount_password}
                  onChange={(e) => setField('saccount_password', e.target.value)}
                />
                <FormField
                  label="Backup code (optional)"
                  name="backup_code"
                  autoComplete="off"
                  value={fields.backup_code}
                  onChange={(e) => setField('backup_code', e.target.value)}
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
