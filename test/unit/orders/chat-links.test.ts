import { beforeAll, describe, expect, it } from 'vitest';
import { messengerChatLink, whatsappChatLink } from '../../../web/src/features/orders/chat-links';
import { isInAppBrowser } from '../../../web/src/features/payments/payment-window';
import { ordersMessages } from '../../../web/src/features/orders/messages';
import { loadMessages } from '../../../web/src/lib/i18n';

// The words come from the area's catalog, as a page loads it (English: Node has no page).
beforeAll(() => loadMessages(ordersMessages));

describe('chat about an order', () => {
  it("puts the order id on the shop's Messenger link as its ref", () => {
    expect(messengerChatLink('https://m.me/topupbazar', 'A1B2')).toBe('https://m.me/topupbazar?ref=A1B2');
    expect(messengerChatLink('https://www.facebook.com/topupbazar/', 'A1B2')).toBe('https://m.me/topupbazar?ref=A1B2');
    expect(messengerChatLink('https://t.me/topupbazar', 'A1B2')).toBe('https://t.me/topupbazar');
    expect(messengerChatLink('', 'A1B2')).toBeUndefined();
  });

  it('starts a WhatsApp message naming the order, only when the shop has a number', () => {
    const link = new URL(whatsappChatLink('8801700000000', 'A1B2')!);
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/8801700000000');
    expect(link.searchParams.get('text')).toBe('Hello, I need help with my order A1B2.');
    expect(whatsappChatLink('', 'A1B2')).toBeUndefined();
  });
});

describe('where the payment page opens', () => {
  it("in the same tab in Facebook's, Messenger's and Instagram's in-app browsers only", () => {
    const android = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
    expect(isInAppBrowser(android)).toBe(false);
    expect(isInAppBrowser(`${android} [FB_IAB/FB4A;FBAV/450.0.0.36.109;]`)).toBe(true);
    expect(isInAppBrowser(`${android} [FB_IAB/Orca-Android;FBAV/440.0.0.31.110;]`)).toBe(true);
    expect(isInAppBrowser(`${android} Instagram 312.0.0.32.112 Android`)).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/445.0]')).toBe(
      true,
    );
  });
});
