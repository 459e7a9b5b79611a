import {
  type OrderAccountFields,
  accountTypes,
  googlePlaceholderMobile,
  type PlayerIdFormat,
  isPlayerIdGroup,
  orderAccountProblems,
} from '@contract/rules';
import { Trans } from '@lingui/react';
import { useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { BoltIcon, ShieldIcon, WalletIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { Modal } from '../../../components/modal';
import { paths, signInPath } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { ordersKey } from '../../../lib/cache-keys';
import type { Translate } from '../../../lib/i18n';
import { useOrders } from '../../orders/api/get-orders';
import { OrderReceipt } from '../../orders/components/order-receipt';
import { type CheckoutWords, CheckoutNotice } from '../../payments/components/checkout-notice';
import { PaymentActions } from '../../payments/components/payment-actions';
import { useGatewayCheckout } from '../../payments/use-gateway-checkout';
import { useSessionToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import type { PlanGroup } from '../api/get-plan-groups';
import { usePlayerIds } from '../api/get-player-ids';
import { type Plan, usePlans } from '../api/get-plans';
import { type PlanOrderInput, usePlaceOrder } from '../api/place-order';
import { useStartOrderPayment } from '../api/start-order-payment';
import { usePlayerCheck } from '../api/lookup-player';
import { deliveryEstimate } from '../delivery-estimate';
import { useT } from '../messages';
import { type PlayerCheck, walletCovers } from '../order-rules';
import { type PaymentMode, lastPaymentMode, preselectedMode, rememberPaymentMode } from '../pay-mode-memory';
import { useUpdateUser } from '../../auth/api/update-user';
import { Skeletons } from '../../../components/skeletons';

type AccountFields = Required<OrderAccountFields>;
type AccountProblems = ReturnType<typeof orderAccountProblems>;

const emptyAccount: AccountFields = { saccount_type: '', saccount_id: '', saccount_password: '', backup_code: '' };

/** The order form's words for its gateway payment, in the current language (`t` and `number` from `useT()`). */
const checkoutWordsIn = (t: Translate, number: (whole: number) => string): CheckoutWords<PlanOrderInput> => ({
  waiting: () => t('catalog.checkoutWaiting'),
  paid: () => t('catalog.checkoutPaid', { estimate: deliveryEstimate(t, number) }),
  paidLink: (_order, payment) => ({ to: paths.profileOrder(payment.id), label: t('catalog.viewOrder') }),
  receipt: (_order, payment) => <OrderReceipt id={payment.id} buyAgain={payment.from} />,
  cancelled: () => t('catalog.checkoutCancelled'),
});

/** "Player ID must be 8 to 11 digits" (or "11 digits" when both bounds agree): the contract's rule, in the current language. */
const playerIdFormatIn = (t: Translate, number: (whole: number) => string, { min_digits, max_digits }: PlayerIdFormat) =>
  min_digits === max_digits
    ? t('catalog.playerIdDigits', { digits: number(min_digits) })
    : t('catalog.playerIdDigitsRange', { min: number(min_digits), max: number(max_digits) });

/**
 * The contract's problems with the account fields (orderAccountProblems: which fields, in its
 * English), worded in the current language, read when shown so that a language switch rewords them.
 */
function wordedProblems(
  t: Translate,
  number: (whole: number) => string,
  problems: AccountProblems,
  playerIdGroup: boolean,
  fields: AccountFields,
  format: PlayerIdFormat | null | undefined,
): AccountProblems {
  const worded: AccountProblems = {};
  if (problems.saccount_id)
    worded.saccount_id = !playerIdGroup
      ? t('catalog.fillEmail')
      : fields.saccount_id.trim() && format
        ? playerIdFormatIn(t, number, format)
        : t('catalog.fillPlayerId');
  if (problems.saccount_type) worded.saccount_type = t('catalog.chooseAccountTypeError');
  if (problems.saccount_password) worded.saccount_password = t('catalog.fillPassword');
  return worded;
}

interface OrderFormProps {
  group: PlanGroup;
  /** The game's name, as the confirmation shows it. */
  gameName: string;
  /** While the shop is closed buying is disabled (the page says why, at its top). */
  shopClosed?: boolean;
}

/** A mobile number as the profile takes it (the same shape as the profile form's check). */
const mobilePattern = /^\+?[\d\s-]{10,16}$/;

const asMode = (value: string | null): PaymentMode | undefined => (value === 'wallet' || value === 'gateway' ? value : undefined);

/**
 * The order form of one plan group, on one page: the account to top up (the player ID first), a
 * pack, the payment mode (preselected: see pay-mode-memory), and a summary bar with the pack, its
 * price, Buy Now and what is still missing; then a confirmation with the player ID in large type.
 * The plan, the mode and the player ID live in the URL (?plan=, ?mode=, ?player=), so that a visitor
 * sent to log in comes back to the same choice and Buy again opens the form filled. It pays
 * from the wallet (and goes to My Orders) or opens the gateway's page in a new window and
 * follows that payment here until it is paid or cancelled.
 */
export function OrderForm({ group, gameName, shopClosed = false }: OrderFormProps) {
  const { t, taka, number } = useT();
  const { data: plans, error: plansError, isLoading, mutate: reloadPlans } = usePlans(group.id);
  const userToken = useSessionToken();
  const signedIn = Boolean(userToken);
  const { data: userInfo } = useUser();
  const { trigger: placeOrder } = usePlaceOrder();
  const { trigger: startPayment } = useStartOrderPayment();
  const { trigger: updateUser } = useUpdateUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const playerIdGroup = isPlayerIdGroup(group.cname);
  const [fields, setFields] = useState<AccountFields>(() => ({
    ...emptyAccount,
    saccount_id: playerIdGroup ? (search.get('player') ?? '') : '',
  }));
  const [errors, setErrors] = useState<AccountProblems>({});
  const [confirming, setConfirming] = useState<PlanOrderInput>();
  const [offerSignIn, setOfferSignIn] = useState(false);
  const [lastMode] = useState(lastPaymentMode);
  const { busy: placing, run } = useAction(t('catalog.somethingWentWrong'));
  const headingId = useId();
  const accountRef = useRef<HTMLFieldSetElement>(null);

  const { data: myOrders } = useOrders(signedIn);
  const { data: recentIds } = usePlayerIds(group.master_category, signedIn && playerIdGroup);
  const planId = search.get('plan');
  const plan = plans?.find((candidate) => candidate.plans_id === planId && candidate.status === 1);
  const balance = Math.trunc(Number(userInfo?.wallet_balance ?? 0));
  const walletFits = !signedIn ? false : plan && userInfo ? walletCovers(plan.price, balance) : undefined;
  const mode = asMode(search.get('mode')) ?? preselectedMode(lastMode, walletFits);
  const walletShort = signedIn && mode === 'wallet' && plan !== undefined && !walletCovers(plan.price, balance);
  const accountId = fields.saccount_id.trim();

  // The gateway payment this form started, followed through the orders list: once listed, a
  // payment that leaves the list was cancelled (a cancelled gateway order is never placed).
  const checkout = useGatewayCheckout<PlanOrderInput>({
    kind: 'order',
    start: (order) => startPayment(order),
    from: () => herePath(),
    list: ordersKey,
    rowOf: (payment) => {
      if (!myOrders) return undefined;
      const row = myOrders.find((order) => order.order_id === payment.id);
      if (!row) return 'absent';
      return !row.awaiting_payment && row.status !== 'refunded' ? 'paid' : 'waiting';
    },
    onPaid: () => {
      setFields(emptyAccount);
      setErrors({});
      setSearch({ group: group.id }, { replace: true, preventScrollReset: true });
    },
    failureMessage: t('catalog.somethingWentWrong'),
  });
  const waiting = checkout.stage.kind === 'waiting';
  const busy = placing || checkout.busy;

  // A payment for this very top-up (plan and account) that waits, from this tab or another: Buy Now waits for it.
  const waitingSame =
    !waiting && plan && accountId
      ? myOrders?.find(
          (order) =>
            order.awaiting_payment &&
            order.plan_name === plan.pname &&
            order.saccount_id === accountId &&
            (!order.game || order.game === gameName),
        )
      : undefined;
  const canBuy = plan !== undefined && !shopClosed && !walletShort && !busy && !waiting && !waitingSame;
  // What the summary bar says is still missing, first things first: the ID (the form's first step), then the pack.
  const missing = shopClosed
    ? t('catalog.shopClosed')
    : !accountId
      ? playerIdGroup
        ? t('catalog.enterPlayerId')
        : t('catalog.enterGameAccount')
      : !plan
        ? t('catalog.choosePack')
        : walletShort
          ? t('catalog.walletTooLow')
          : undefined;
  const shownErrors = wordedProblems(t, number, errors, playerIdGroup, fields, group.player_id_format);

  const choose = (name: 'plan' | 'mode', value: string) => {
    checkout.reset();
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const setField = (name: keyof AccountFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** This page with the choice made on it, the mode and the player ID included: where a visitor comes back to after signing in, and a Retry after a cancel. */
  const herePath = () => {
    const next = new URLSearchParams(search);
    next.set('mode', mode);
    if (playerIdGroup && accountId) next.set('player', accountId);
    return `${location.pathname}?${next.toString()}`;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canBuy) return;
    if (!signedIn) {
      setOfferSignIn(true);
      toast.error(t('catalog.loginToContinue'), { toastId: 'login-to-continue' });
      return;
    }
    const found = orderAccountProblems(playerIdGroup, fields, group.player_id_format);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      accountRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      accountRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus({ preventScroll: true });
      return;
    }
    setConfirming({
      plan: { plans_id: plan.plans_id, price: plan.price },
      masterCategoryId: group.master_category,
      saccount_type: playerIdGroup ? '' : fields.saccount_type,
      saccount_id: accountId,
      saccount_password: playerIdGroup ? '0' : fields.saccount_password,
      backup_code: playerIdGroup ? '' : fields.backup_code.trim(),
    });
  };

  const confirm = (order: PlanOrderInput, mobileNo: string | undefined) => {
    setConfirming(undefined);
    rememberPaymentMode(mode);
    // The mobile number asked in the confirm step is saved on the way; an order never waits on it.
    if (mobileNo && userInfo)
      void updateUser({ name: userInfo.name, email: userInfo.email, mobile_no: mobileNo }).catch(() =>
        toast.error(t('catalog.mobileNotSaved')),
      );
    if (mode === 'gateway') {
      void checkout.pay(order);
      return;
    }
    void run(async () => {
      toast.success(await placeOrder(order));
      navigate(paths.profileOrders);
    });
  };

  return (
    <form className="panel order-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <div className="order-head">
        <img src={group.image} alt="" width={48} height={48} />
        <div>
          <p className="eyebrow">{t('catalog.topUpType')}</p>
          <h2 id={headingId}>{group.cname}</h2>
        </div>
      </div>
      <fieldset className="order-step" ref={accountRef}>
        <legend>
          <span className="step-number">{number(1)}</span> {playerIdGroup ? t('catalog.playerId') : t('catalog.gameAccount')}
        </legend>
        {playerIdGroup ? (
          <>
            <FormField
              label={t('catalog.playerId')}
              name="saccount_id"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('catalog.playerIdPlaceholder')}
              hint={group.player_id_format ? playerIdFormatIn(t, number, group.player_id_format) : undefined}
              value={fields.saccount_id}
              error={shownErrors.saccount_id}
              onChange={(e) => setField('saccount_id', e.target.value)}
            />
            {recentIds && recentIds.length > 0 && (
              // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the layout; role=group names the same thing.
              <div className="recent-ids" role="group" aria-label={t('catalog.usedBefore')}>
                <span className="recent-title">{t('catalog.usedBeforeLead')}</span>
                {recentIds.map((recent) => (
                  <button
                    key={recent.player_id}
                    type="button"
                    className={recent.player_id === accountId ? 'chip-button selected' : 'chip-button'}
                    aria-pressed={recent.player_id === accountId}
                    onClick={() => setField('saccount_id', recent.player_id)}
                  >
                    {recent.player_id}
                  </button>
                ))}
              </div>
            )}
            <PlayerIdHelp gameName={gameName} />
          </>
        ) : (
          <>
            <p className="notice notice-warn safety-note">
              <ShieldIcon size={18} /> {t('catalog.loginSafety')}
            </p>
            <AccountTypeField
              value={fields.saccount_type}
              error={shownErrors.saccount_type}
              onChange={(value) => setField('saccount_type', value)}
            />
            <FormField
              label={t('catalog.emailOrId')}
              name="saccount_id"
              autoComplete="off"
              placeholder={t('catalog.emailOrIdPlaceholder')}
              value={fields.saccount_id}
              error={shownErrors.saccount_id}
              onChange={(e) => setField('saccount_id', e.target.value)}
            />
            <FormField
              label={t('catalog.password')}
              name="saccount_password"
              secret
              autoComplete="off"
              value={fields.saccount_password}
              error={shownErrors.saccount_password}
              onChange={(e) => setField('saccount_password', e.target.value)}
            />
            <FormField
              label={t('catalog.backupCode')}
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
          <span className="step-number">{number(2)}</span> {t('catalog.selectRecharge')}
        </legend>
        {plansError ? (
          <LoadFailed message={t('catalog.packsLoadFailed')} onRetry={reloadPlans} />
        ) : isLoading ? (
          <div className="plan-grid" aria-busy="true">
            <Skeletons count={6} className="plan-option skeleton" />
          </div>
        ) : plans && plans.length > 0 ? (
          <div className="plan-grid">
            {plans.map((candidate) => (
              <PlanOption
                key={candidate.plans_id}
                plan={candidate}
                checked={candidate.plans_id === plan?.plans_id}
                onChoose={() => choose('plan', candidate.plans_id)}
              />
            ))}
          </div>
        ) : (
          <div className="empty-state">
            <p>{t('catalog.noPacks')}</p>
            <Link className="button button-ghost button-small" to={paths.playerIdTopup}>
              {t('catalog.seeOtherGames')}
            </Link>
          </div>
        )}
      </fieldset>

      <fieldset className="order-step">
        <legend>
          <span className="step-number">{number(3)}</span> {t('catalog.payment')}
        </legend>
        <div className="mode-grid">
          <label className={mode === 'wallet' ? 'choice mode-option selected' : 'choice mode-option'}>
            <input type="radio" name="payment_mode" value="wallet" checked={mode === 'wallet'} onChange={() => choose('mode', 'wallet')} />
            <WalletIcon size={22} />
            <span className="mode-name">{t('catalog.wallet')}</span>
            <span className="mode-note">
              {signedIn
                ? userInfo
                  ? t('catalog.balance', { amount: taka(balance) })
                  : t('catalog.balanceLoading')
                : t('catalog.payFromBalance')}
            </span>
          </label>
          <label className={mode === 'gateway' ? 'choice mode-option selected' : 'choice mode-option'}>
            <input
              type="radio"
              name="payment_mode"
              value="gateway"
              checked={mode === 'gateway'}
              onChange={() => choose('mode', 'gateway')}
            />
            <BoltIcon size={22} />
            <span className="mode-name">{t('catalog.instantPayment')}</span>
            <span className="mode-note">bKash · Nagad · Upay</span>
          </label>
        </div>
      </fieldset>

      <div className="order-notes">
        <CheckoutNotice checkout={checkout} words={checkoutWordsIn(t, number)} heading="h3" onRetry={(order) => void checkout.pay(order)} />
        {waitingSame && (
          <div className="waiting-payment" role="status">
            <p>{t('catalog.paymentAlreadyWaiting')}</p>
            <PaymentActions payment={{ kind: 'order', id: waitingSame.order_id, paymentUrl: waitingSame.payment_url, from: herePath() }} />
          </div>
        )}
        {walletShort && (
          <p className="notice notice-warn">
            <Trans
              id="catalog.walletShort"
              values={{ balance: taka(balance), price: taka(plan.price) }}
              components={{
                0: (
                  <Link
                    to={`${paths.addMoney}?amount=${plan.price - balance}&return=${encodeURIComponent(herePath())}&for=${encodeURIComponent(plan.pname)}`}
                  />
                ),
              }}
            />
          </p>
        )}
      </div>

      <div className="order-summary" data-testid="order-bar">
        <div className="order-bar-text">
          <div className="summary-row">
            <span>{plan ? plan.pname : t('catalog.choosePack')}</span>
            <strong>{plan ? taka(plan.price) : '—'}</strong>
          </div>
          <p className={missing ? 'order-missing' : 'order-missing order-ready'} data-testid="order-missing" aria-live="polite">
            {missing ?? (mode === 'wallet' ? t('catalog.payFromWallet') : t('catalog.payWithGateway'))}
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={!canBuy}>
          {busy ? t('catalog.pleaseWait') : waiting ? t('catalog.waitingForPayment') : t('catalog.buyNow')}
        </button>
        {offerSignIn && !signedIn && (
          <section className="sign-in-offer" aria-label={t('catalog.logInToBuy')}>
            <p>{t('catalog.signInOffer')}</p>
            <div className="button-row">
              <Link className="button button-primary button-small" to={signInPath('login', herePath())}>
                {t('catalog.logIn')}
              </Link>
              <Link className="button button-ghost button-small" to={signInPath('register', herePath())}>
                {t('catalog.register')}
              </Link>
            </div>
          </section>
        )}
      </div>
      {confirming && plan && (
        <ConfirmTopUp
          gameName={gameName}
          group={group}
          plan={plan}
          order={confirming}
          mode={mode}
          balance={balance}
          askMobile={userInfo?.mobile_no === googlePlaceholderMobile}
          onBack={() => setConfirming(undefined)}
          onConfirm={(mobileNo) => confirm(confirming, mobileNo)}
        />
      )}
    </form>
  );
}

/** Where the player ID is found in a game, folded under its link; the shop's guides on its blog. */
function PlayerIdHelp({ gameName }: { gameName: string }) {
  const { t } = useT();
  return (
    <details className="player-id-help">
      <summary>{t('catalog.howToFindPlayerId')}</summary>
      <p>{gameName ? t('catalog.findPlayerIdIn', { game: gameName }) : t('catalog.findPlayerId')}</p>
      <Link to={paths.blogs}>{t('catalog.blogGuides')}</Link>
    </details>
  );
}

interface ConfirmTopUpProps {
  gameName: string;
  group: PlanGroup;
  plan: Plan;
  order: PlanOrderInput;
  mode: PaymentMode;
  balance: number;
  /** A Google-registered account has no real mobile number yet: the confirm step asks for one, optionally. */
  askMobile: boolean;
  onBack: () => void;
  /** Confirmed, with the mobile number given on the way (if asked and given). */
  onConfirm: (mobileNo: string | undefined) => void;
}

/**
 * The last look before paying: the game, the plan, the player ID in large type with the in-game
 * name behind it when the game's lookup knows it, the price and how it is paid. An ID the game
 * does not know holds Confirm until it is edited.
 */
function ConfirmTopUp({ gameName, group, plan, order, mode, balance, askMobile, onBack, onConfirm }: ConfirmTopUpProps) {
  const { t, taka } = useT();
  const byPlayerId = !order.saccount_type;
  const playerCheck = usePlayerCheck(byPlayerId ? { master_category: order.masterCategoryId, player_id: order.saccount_id } : null);
  const noSuchPlayer = byPlayerId && playerCheck.kind === 'missing';
  const [mobile, setMobile] = useState('');
  const [mobileTried, setMobileTried] = useState(false);
  const mobileError = mobile.trim() && !mobilePattern.test(mobile.trim()) ? t('catalog.enterMobile') : undefined;
  const confirmNow = () => {
    setMobileTried(true);
    if (askMobile && mobileError) return;
    onConfirm(askMobile && mobile.trim() ? mobile.trim() : undefined);
  };
  return (
    <Modal title={t('catalog.confirmTitle')} onClose={onBack} className="confirm-modal confirm-topup">
      <dl className="confirm-details">
        <div>
          <dt>{t('catalog.game')}</dt>
          <dd>{gameName}</dd>
        </div>
        <div>
          <dt>{t('catalog.plan')}</dt>
          <dd>
            {plan.pname} <span className="muted">({group.cname})</span>
          </dd>
        </div>
        <div className="confirm-account">
          <dt>{byPlayerId ? t('catalog.playerId') : t('catalog.typeAccount', { type: order.saccount_type })}</dt>
          <dd className="confirm-player-id" data-testid="confirm-player-id">
            {order.saccount_id}
          </dd>
          {byPlayerId && <PlayerCheckLine check={playerCheck} />}
        </div>
        <div>
          <dt>{t('catalog.price')}</dt>
          <dd className="confirm-price">{taka(plan.price)}</dd>
        </div>
        <div>
          <dt>{t('catalog.payWith')}</dt>
          <dd>{mode === 'wallet' ? t('catalog.payWithWallet', { balance: taka(balance - plan.price) }) : t('catalog.payWithInstant')}</dd>
        </div>
      </dl>
      {askMobile && (
        <div className="confirm-mobile">
          <FormField
            label={t('catalog.mobileLabel')}
            name="mobile_no"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="01XXXXXXXXX"
            hint={t('catalog.mobileHint')}
            value={mobile}
            error={mobileTried ? mobileError : undefined}
            onChange={(e) => setMobile(e.target.value)}
          />
        </div>
      )}
      <p className="muted small">{byPlayerId ? t('catalog.checkPlayerId') : t('catalog.checkAccount')}</p>
      <div className="button-row">
        <button type="button" className="button button-ghost" onClick={onBack}>
          {t('catalog.edit')}
        </button>
        <button type="button" className="button button-primary" onClick={confirmNow} disabled={noSuchPlayer}>
          {t('catalog.confirmAndPay', { price: taka(plan.price) })}
        </button>
      </div>
    </Modal>
  );
}

/** The player check under the player ID, on a line kept for it whatever it says, so that nothing moves when the answer comes. */
function PlayerCheckLine({ check }: { check: PlayerCheck }) {
  const { t } = useT();
  return (
    <dd className="player-check">
      <span data-testid="player-nickname" role="status">
        {check.kind === 'checking' && <span className="muted">{t('catalog.checkingPlayer')}</span>}
        {check.kind === 'found' && t('catalog.nickname', { name: check.name, region: check.region })}
        {check.kind === 'missing' && <span className="player-check-missing">{t('catalog.noSuchPlayer')}</span>}
      </span>
    </dd>
  );
}

function PlanOption({ plan, checked, onChoose }: { plan: Plan; checked: boolean; onChoose: () => void }) {
  const { t, taka } = useT();
  const outOfStock = plan.status !== 1;
  const className = ['choice', 'plan-option', checked ? 'selected' : '', outOfStock ? 'out-of-stock' : ''].filter(Boolean).join(' ');
  return (
    <label className={className}>
      <input type="radio" name="plan" value={plan.plans_id} checked={checked} disabled={outOfStock} onChange={onChoose} />
      <img src={plan.image} alt="" width={40} height={40} loading="lazy" />
      <span className="plan-name">{plan.pname}</span>
      <span className="plan-price">{taka(plan.price)}</span>
      {outOfStock && <span className="badge badge-muted">{t('catalog.outOfStock')}</span>}
    </label>
  );
}

function AccountTypeField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('catalog.accountType')}</label>
      <select
        id={id}
        name="saccount_type"
        className={error ? 'input is-invalid' : 'input'}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('catalog.chooseAccountType')}</option>
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
