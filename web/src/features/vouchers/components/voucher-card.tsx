import { defaultTopUpLimits, isOrderableQuantity, voucherQuantity } from '@contract/rules';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BoltIcon, MinusIcon, PlayIcon, PlusIcon } from '../../../components/icons';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { SafeHtml } from '../../../components/safe-html';
import { paths, signInPath } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { currentLocale } from '../../../lib/i18n';
import { loadServerMessages, translateServerMessage, useServerWords } from '../../../lib/server-messages';
import { useSessionToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api';
import { useAction } from '../../../lib/use-action';
import type { AppliedPromo } from '../../promotions/api/get-quote';
import { PromoCodeField, PromoDiscountLine } from '../../promotions/components/promo-code-field';
import { SaleTag, StruckListPrice } from '../../promotions/components/sale-tag';
import { priceNow } from '../../promotions/sale-price';
import { usePromoCode } from '../../promotions/use-promo-code';
import { guestContactProblem } from '../../orders/guest-contact';
import { rememberGuestOrder, tokenOfOrderLink } from '../../orders/guest-links';
import { useBuyVoucher } from '../api/buy-voucher';
import { useStartGuestCodePayment } from '../api/start-guest-code-payment';
import type { Voucher } from '../api/get-vouchers';
import { useT } from '../messages';
import { quantityError } from '../quantity';

interface VoucherCardProps {
  voucher: Voucher;
  /** The redeem video the Watch button opens. */
  watchLink?: string;
  purchaseClosed: boolean;
  lazyImage: boolean;
  /** The quantity to start with (a choice brought back from signing in or adding money). */
  initialQty?: string;
  /** A sale on it ended while the page was open, or its price changed under a purchase: the list is read again. */
  onSaleEnd: () => void;
}

/** A low stock is said on the card, and caps the quantity: "Only 3 left". */
const lowStock = voucherQuantity.max;

/**
 * A voucher: price, Instant Delivery and stock badges, a quantity stepper capped at the stock,
 * Buy (after the Bengali confirmation), Watch and Rules. A visitor is offered Buy without an
 * account (the gateway only, the receipt and the order's link to a contact they give), or Log in /
 * Register on the spot; a short wallet Add money for the shortfall; signing in and adding money come
 * back to this card with the same quantity.
 */
export function VoucherCard({ voucher, watchLink, purchaseClosed, lazyImage, initialQty, onSaleEnd }: VoucherCardProps) {
  const { t, taka, number } = useT();
  const [qtyText, setQtyText] = useState(initialQty && /^\d+$/.test(initialQty) ? initialQty : '1');
  const [offerSignIn, setOfferSignIn] = useState(false);
  const [showError, setShowError] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const { busy, run } = useAction(t('vouchers.somethingWentWrong'));
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [shortOpen, setShortOpen] = useState(false);
  const userToken = useSessionToken();
  const { data: userInfo } = useUser();
  const { trigger: buyVoucher } = useBuyVoucher();
  const { trigger: startGuestPayment } = useStartGuestCodePayment();
  /** The confirmation is a guest's: a contact for the receipt, the gateway only. */
  const [asGuest, setAsGuest] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const qtyId = useId();
  const errorId = useId();
  const qty = Number(qtyText);
  const inStock = voucher.stock > 0;
  const [overStock, setOverStock] = useState(false);
  const stockNote = t('vouchers.onlyLeft', { count: number(voucher.stock) });
  /** This card's page with its quantity: where signing in and adding money come back to. */
  const here = `${location.pathname}?voucher=${encodeURIComponent(voucher.voucher_id)}&qty=${qty}`;
  const balance = Math.trunc(Number(userInfo?.wallet_balance ?? 0));
  // A code's price now: a running sale's, else the list price (the server prices the purchase the same way).
  const unitPrice = priceNow(voucher);
  const shortfall = Math.max(unitPrice * qty - balance, defaultTopUpLimits.min);

  const step = (delta: number) => {
    const next = (isOrderableQuantity(qty) ? qty : voucherQuantity.min) + delta;
    if (!isOrderableQuantity(next)) {
      setShowError(true);
      setOverStock(false);
      return;
    }
    if (next > voucher.stock && delta > 0) {
      setOverStock(true);
      setShowError(false);
      return;
    }
    setQtyText(String(next));
    setShowError(false);
    setOverStock(false);
  };

  const type = (text: string) => {
    setQtyText(text);
    setShowError(text !== '' && !isOrderableQuantity(Number(text)));
    setOverStock(isOrderableQuantity(Number(text)) && Number(text) > voucher.stock);
  };

  const askToBuy = () => {
    if (!isOrderableQuantity(qty)) {
      setShowError(true);
      return;
    }
    if (qty > voucher.stock) {
      setOverStock(true);
      return;
    }
    setAsGuest(false);
    setConfirmOpen(true);
  };

  /** "Buy without an account": the guest's confirmation, with the contact for the receipt. */
  const buyAsGuest = () => {
    if (!isOrderableQuantity(qty) || qty > voucher.stock) return;
    setAsGuest(true);
    setConfirmOpen(true);
  };

  /**
   * A guest confirmed: the codes are reserved and the gateway's checkout opens in this tab. The
   * order's link is kept on the device first (the return from the gateway opens it), then the
   * browser goes to pay.
   */
  const buyForGuest = async (promo: AppliedPromo | undefined, contact: string) => {
    setConfirmOpen(false);
    await run(async () => {
      const answer = await startGuestPayment({
        voucher_id: voucher.voucher_id,
        qty,
        amount: promo?.total ?? unitPrice * qty,
        coupan_code: promo?.code ?? '',
        contact,
        language: currentLocale(),
      }).catch((error: unknown) => {
        // The price or the stock changed under the purchase: the card shows them as they are now.
        if (error instanceof ApiError && error.status === 409) onSaleEnd();
        throw error;
      });
      if (answer.status !== 1 || !answer.payment_url) {
        await loadServerMessages();
        toast.error(translateServerMessage(answer.message) || t('vouchers.somethingWentWrong'));
        return;
      }
      rememberGuestOrder({ orderId: answer.id, token: tokenOfOrderLink(answer.order_link), createdAt: new Date().toISOString() });
      window.location.assign(answer.payment_url);
    });
  };

  /**
   * After "Yes": a visitor is offered buying without an account or signing in, a short wallet opens
   * the top-up modal, else the codes are bought at the total shown (with the promo code applied, if
   * any; the server refuses another, 409).
   */
  const buy = async (promo: AppliedPromo | undefined) => {
    setConfirmOpen(false);
    if (!userToken) {
      setOfferSignIn(true);
      return;
    }
    const total = promo?.total ?? unitPrice * qty;
    if (total > balance) {
      setShortOpen(true);
      return;
    }
    await run(async () => {
      const message = await buyVoucher({
        voucher_id: voucher.voucher_id,
        qty,
        coupan_code: promo?.code ?? '',
        expected_total: total,
      }).catch((error: unknown) => {
        // The price changed under the purchase (a sale ended or sold out): the card shows the price now.
        if (error instanceof ApiError && error.status === 409) onSaleEnd();
        throw error;
      });
      toast.success(message);
      navigate(paths.profileCodes);
    });
  };

  return (
    <article className="voucher-card" aria-labelledby={`${qtyId}-name`}>
      <img
        className="voucher-image"
        src={voucher.image}
        alt=""
        width={320}
        height={200}
        loading={lazyImage ? 'lazy' : 'eager'}
        decoding="async"
      />
      <div className="voucher-body">
        <div className="voucher-badges">
          <span className="badge badge-info">
            <BoltIcon size={13} /> {t('vouchers.instantDelivery')}
          </span>
          <span className={inStock ? 'badge badge-ok' : 'badge badge-danger'}>
            {inStock ? t('vouchers.inStock') : t('vouchers.outOfStock')}
          </span>
          {inStock && voucher.stock <= lowStock && <span className="badge badge-warn stock-note">{stockNote}</span>}
        </div>
        <h2 className="voucher-name" id={`${qtyId}-name`}>
          {voucher.voucher_name}
        </h2>
        <p className="voucher-price">
          {unitPrice < voucher.price && <StruckListPrice price={voucher.price} />}
          {taka(unitPrice)}
          {isOrderableQuantity(qty) && qty > 1 && (
            <span className="voucher-total">
              {' '}
              × {number(qty)} = {taka(unitPrice * qty)}
            </span>
          )}
        </p>
        {voucher.sale_ends_at && voucher.sale_price !== undefined && (
          <SaleTag endsAt={voucher.sale_ends_at} left={voucher.sale_left} onEnd={onSaleEnd} />
        )}
        <div className="voucher-qty">
          <label htmlFor={qtyId}>{t('vouchers.quantity')}</label>
          <div className="stepper">
            <button type="button" aria-label={t('vouchers.decreaseQuantity')} onClick={() => step(-1)}>
              <MinusIcon size={16} />
            </button>
            <input
              id={qtyId}
              inputMode="numeric"
              autoComplete="off"
              value={qtyText}
              aria-invalid={showError || overStock}
              aria-describedby={showError || overStock ? errorId : undefined}
              onChange={(e) => type(e.target.value.trim())}
            />
            <button
              type="button"
              aria-label={t('vouchers.increaseQuantity')}
              aria-disabled={inStock && qty >= voucher.stock}
              onClick={() => step(1)}
            >
              <PlusIcon size={16} />
            </button>
          </div>
        </div>
        {showError && (
          <p className="field-error quantity-error" id={errorId} role="alert" lang="bn">
            {quantityError}
          </p>
        )}
        {!showError && overStock && (
          <p className="field-error quantity-error" id={errorId} role="alert">
            {t('vouchers.overStock', { count: number(voucher.stock) })}
          </p>
        )}
        <div className="voucher-actions">
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!inStock || purchaseClosed || busy}
            onClick={askToBuy}
          >
            {busy ? t('vouchers.pleaseWait') : t('vouchers.buy')}
          </button>
          <div className="voucher-links">
            {watchLink ? (
              <a className="button button-ghost button-small" href={watchLink} target="_blank" rel="noopener noreferrer">
                <PlayIcon size={14} /> {t('vouchers.watch')}
              </a>
            ) : (
              <button type="button" className="button button-ghost button-small" disabled>
                <PlayIcon size={14} /> {t('vouchers.watch')}
              </button>
            )}
            <button type="button" className="button button-ghost button-small" onClick={() => setRulesOpen(true)}>
              {t('vouchers.rules')}
            </button>
          </div>
          {offerSignIn && !userToken && (
            <section className="sign-in-offer" aria-label={t('vouchers.logInToBuy')}>
              <p>{t('vouchers.guestOffer')}</p>
              <div className="button-row">
                <button
                  type="button"
                  className="button button-primary button-small"
                  onClick={buyAsGuest}
                  disabled={!inStock || purchaseClosed || busy}
                >
                  {t('vouchers.buyAsGuest')}
                </button>
                <Link className="button button-ghost button-small" to={signInPath('login', here)}>
                  {t('vouchers.logIn')}
                </Link>
                <Link className="button button-ghost button-small" to={signInPath('register', here)}>
                  {t('vouchers.register')}
                </Link>
              </div>
            </section>
          )}
        </div>
      </div>
      {confirmOpen && (
        <ConfirmPurchase
          voucher={voucher}
          qty={qty}
          guest={asGuest}
          onNo={() => setConfirmOpen(false)}
          onYes={(promo, contact) => (asGuest && contact !== undefined ? buyForGuest(promo, contact) : buy(promo))}
        />
      )}
      {shortOpen && (
        <Modal title={t('vouchers.insufficientBalance')} onClose={() => setShortOpen(false)} className="confirm-modal">
          <p className="confirm-text">
            {t('vouchers.shortBalance', {
              qty: number(qty),
              name: voucher.voucher_name,
              total: taka(unitPrice * qty),
              balance: taka(balance),
              shortfall: taka(shortfall),
            })}
          </p>
          <div className="button-row">
            <Link
              className="button button-primary"
              to={`${paths.addMoney}?amount=${shortfall}&return=${encodeURIComponent(here)}&for=${encodeURIComponent(voucher.voucher_name)}`}
            >
              {t('vouchers.addAmountInWallet')}
            </Link>
          </div>
        </Modal>
      )}
      {rulesOpen && (
        <Modal title={t('vouchers.rulesTitle', { name: voucher.voucher_name })} onClose={() => setRulesOpen(false)}>
          <SafeHtml html={voucher.description} />
        </Modal>
      )}
    </article>
  );
}

/**
 * The spec's Bengali confirmation of a purchase, with a promo code field: a code applied shows its
 * discount and the new total in the question. Made afresh each time it opens, so a code applied for
 * another quantity never carries over. A guest's asks for the contact the receipt and the order's
 * link go to, and says the payment page opens here.
 */
function ConfirmPurchase({
  voucher,
  qty,
  guest = false,
  onNo,
  onYes,
}: {
  voucher: Voucher;
  qty: number;
  guest?: boolean;
  onNo: () => void;
  onYes: (promo: AppliedPromo | undefined, contact?: string) => void;
}) {
  const { t, taka, number } = useT();
  const serverWords = useServerWords();
  const promo = usePromoCode({ voucher_id: voucher.voucher_id, qty });
  const total = promo.applied?.total ?? priceNow(voucher) * qty;
  const [contact, setContact] = useState('');
  const [tried, setTried] = useState(false);
  const contactError = guest ? guestContactProblem(contact.trim()) : undefined;
  const yes = () => {
    setTried(true);
    if (contactError) return;
    onYes(promo.applied, guest ? contact.trim() : undefined);
  };
  return (
    <Modal title="আপনি কি নিশ্চিত?" onClose={onNo} className="confirm-modal">
      <p lang="bn" className="confirm-text">
        আপনি কি {voucher.voucher_name} এর {number(qty)} টি কোড {taka(total)} দিয়ে কিনতে চান?
      </p>
      {promo.applied && (
        <dl className="promo-discount">
          <PromoDiscountLine applied={promo.applied} />
        </dl>
      )}
      <PromoCodeField promo={promo} />
      {guest && (
        <div className="confirm-mobile">
          <p className="muted small">{t('vouchers.payWithInstantHere')}</p>
          <FormField
            label={t('vouchers.guestContactLabel')}
            name="contact"
            type="text"
            inputMode="email"
            autoComplete="email"
            placeholder={t('vouchers.guestContactPlaceholder')}
            hint={t('vouchers.guestContactHint')}
            value={contact}
            error={tried && contactError ? serverWords(contactError) : undefined}
            onChange={(e) => setContact(e.target.value)}
          />
        </div>
      )}
      <div className="button-row">
        <button type="button" className="button button-ghost" lang="bn" onClick={onNo}>
          না
        </button>
        <button type="button" className="button button-primary" lang="bn" onClick={yes}>
          হ্যাঁ
        </button>
      </div>
    </Modal>
  );
}
