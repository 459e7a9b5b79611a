import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderReceipt } from '../../../web/src/features/orders/components/order-receipt';
import { switchLocale } from '../../../web/src/lib/i18n';
import { renderWithShop, stubApi } from '../../support/component';

/** A gateway-paid Free Fire order as POST /user/order/{id} answers it, with `changes` to where it stands. */
const order = (changes: Record<string, unknown> = {}) => ({
  order_id: 'OKQ3ZD7M2X',
  created_at: '2026-11-22T03:41:00.000Z',
  status: '0',
  paid_amount: 40,
  discount: 0,
  coupan_code: '',
  plan_name: '50 Diamonds',
  saccount_id: '1234567897',
  remark: '',
  game: 'Free Fire',
  game_id: 'free-fire',
  plan_id: 'ff-50',
  group_name: 'UID TOPUP',
  by_player_id: true,
  paid_by: 'gateway',
  awaiting_payment: false,
  payment_confirming: false,
  payment_cancelled: false,
  payment_url: '',
  invoice_id: 'INV1',
  transaction_id: 'TX1',
  delivery: { mode: 'supplier', state: 'delivering', player_name: '', code: '' },
  timeline: [],
  ...changes,
});

const settings = { messenger_link: 'https://m.me/topupbazar', whatsapp: '8801700000000', social: [] };

async function receiptOf(changes?: Record<string, unknown>) {
  stubApi({ '/user/order/OKQ3ZD7M2X': { data: order(changes) }, '/user/site_settings': { data: settings } });
  renderWithShop(<OrderReceipt id="OKQ3ZD7M2X" />, { path: '/profile/userOrder' });
  const receipt = await screen.findByTestId('receipt');
  return {
    receipt,
    status: within(receipt).getByTestId('receipt-status').textContent,
    title: receipt.querySelector('.receipt-title')?.textContent,
  };
}

describe("a gateway order's receipt says where the order stands", () => {
  it('paid and being delivered: the pack, the player ID, the order number and the amount, with a chat about it', async () => {
    const { receipt, status, title } = await receiptOf();
    expect([title, status]).toEqual(['Payment received', 'Paid — being delivered, usually within minutes']);
    const text = receipt.textContent;
    for (const shown of ['Free Fire · 50 Diamonds', '1234567897', 'OKQ3ZD7M2X', '৳40']) expect(text).toContain(shown);
    const chat = await within(receipt).findByRole('region', { name: 'Chat about this order' });
    expect(within(chat).getByRole('link', { name: 'Messenger' }).getAttribute('href')).toBe('https://m.me/topupbazar?ref=OKQ3ZD7M2X');
    const whatsapp = new URL(within(chat).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/8801700000000');
    expect(whatsapp.searchParams.get('text')).toContain('OKQ3ZD7M2X');
    expect(within(receipt).getByRole('link', { name: 'Buy again' }).getAttribute('href')).toContain('/category/free-fire');
  });

  it('shows a promo code’s discount beside what was charged, and no discount line without one', async () => {
    const { receipt } = await receiptOf({ paid_amount: 36, discount: 4, coupan_code: 'EID10' });
    expect(receipt.textContent).toContain('Discount (EID10)');
    expect(receipt.textContent).toContain('−৳4');
    cleanup();
    expect((await receiptOf()).receipt.textContent).not.toContain('Discount');
  });

  it('delivered, refunded, being confirmed and not paid, each in its own words', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ status: '1', delivery: { mode: 'supplier', state: 'delivered', player_name: '', code: '' } }, 'Payment received', 'Delivered'],
      [{ status: '2' }, 'Payment received', 'Refunded ৳40 to your wallet'],
      [{ awaiting_payment: true, payment_confirming: true }, 'Payment being confirmed', 'Waiting for the payment provider'],
      [{ payment_cancelled: true }, 'Payment not completed', 'Not paid — nothing was taken'],
    ];
    for (const [changes, title, status] of cases) {
      const shown = await receiptOf(changes);
      expect([shown.title, shown.status]).toEqual([title, status]);
      cleanup();
    }
  });

  it('held for a check: being checked, usually within the minutes the shop promises, in both languages', async () => {
    const checking = { delivery: { mode: 'manual', state: 'checking', player_name: '', code: '', checking_minutes: 45 } };
    const english = await receiptOf(checking);
    expect([english.title, english.status]).toEqual([
      'Payment received',
      'Paid — being checked before delivery, usually within 45 minutes',
    ]);
    cleanup();
    await switchLocale('bn');
    const bengali = await receiptOf(checking);
    expect(bengali.status).toBe('পেমেন্ট হয়েছে — ডেলিভারির আগে যাচাই করা হচ্ছে, সাধারণত ৪৫ মিনিটের মধ্যে');
  });

  it('says it in Bengali, with Bengali digits for money and the player ID as typed', async () => {
    await switchLocale('bn');
    const { receipt } = await receiptOf({ status: '2' });
    expect(receipt.textContent).toContain('৳৪০');
    expect(receipt.textContent).toContain('1234567897');
    expect(receipt.textContent).not.toMatch(/Refunded|Payment received/);
  });
});
