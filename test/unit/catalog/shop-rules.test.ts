import { isOrderableQuantity, isPlayerIdGroup, orderAccountProblems } from '@contract/rules';
import { describe, expect, it } from 'vitest';
import { slidesForWidth } from '../../../web/src/components/card-carousel';
import { walletCovers } from '../../../web/src/features/catalog/order-rules';
import { type SiteSettings, shopClosedMessage } from '../../../web/src/features/content/api/get-site-settings';
import { activePopups, isShopperStart } from '../../../web/src/features/content/popup-rules';

const empty = { saccount_type: '', saccount_id: '', saccount_password: '', backup_code: '' };

describe('the top-up order rules', () => {
  it('treats a group titled UID TOPUP in any case as a player-ID group', () => {
    expect(isPlayerIdGroup('UID TOPUP')).toBe(true);
    expect(isPlayerIdGroup(' uid topup ')).toBe(true);
    expect(isPlayerIdGroup('ID-Password Topup')).toBe(false);
  });

  it('asks a player-ID group for the player ID only', () => {
    expect(orderAccountProblems(true, empty)).toEqual({ saccount_id: 'Please fill player ID' });
    expect(orderAccountProblems(true, { ...empty, saccount_id: '  ' })).toEqual({ saccount_id: 'Please fill player ID' });
    expect(orderAccountProblems(true, { ...empty, saccount_id: '5512' })).toEqual({});
  });

  it('asks an account group for type, email and password, and leaves the backup code optional', () => {
    expect(orderAccountProblems(false, empty)).toEqual({
      saccount_type: 'Please choose account type',
      saccount_id: 'Please fill email',
      saccount_password: 'Please fill password',
    });
    expect(orderAccountProblems(false, { ...empty, saccount_type: 'FB', saccount_id: 'a@b.co', saccount_password: 'x' })).toEqual({});
  });

  it('compares price and balance as whole taka', () => {
    expect(walletCovers(160, 160)).toBe(true);
    expect(walletCovers(160, 159.99)).toBe(false);
    expect(walletCovers(161, 160)).toBe(false);
  });
});

describe('the voucher quantity', () => {
  it('allows whole numbers from 1 to 10 only', () => {
    expect([1, 5, 10].map(isOrderableQuantity)).toEqual([true, true, true]);
    expect([0, 11, -1, 2.5, Number.NaN].map(isOrderableQuantity)).toEqual([false, false, false, false, false]);
  });
});

const settings: SiteSettings = {
  coupans: [],
  popup_status: '1',
  popup_text: '<p>First</p>',
  popup_image: '/a.svg',
  popup_status2: '0',
  popup_text2: '<p>Second</p>',
  popup_image2: '/b.svg',
  popup_version: 'v1',
  popup_version2: 'v2',
  shopStatus: 1,
  errorMessage: 'Back at 5 PM',
  phone: '',
  messenger_link: '',
  whatsapp: '',
  app_link: '',
  social: [],
  top_up_min: 10,
  top_up_max: 25_000,
};

describe('the popups', () => {
  it('shows each popup whose status is the string "1", in order', () => {
    expect(activePopups(settings)).toEqual([{ id: '1', version: 'v1', text: '<p>First</p>', image: '/a.svg' }]);
    expect(activePopups({ ...settings, popup_status2: '1' }).map((popup) => popup.text)).toEqual(['<p>First</p>', '<p>Second</p>']);
    expect(activePopups({ ...settings, popup_status: '0' })).toEqual([]);
    expect(activePopups({ ...settings, popup_status: 1 as unknown as string })).toEqual([]);
  });

  it('opens only where a shopper starts: home, a game, a voucher brand; not over a payment result', () => {
    const starts = ['/', '/category/free-fire', '/voucher/google-play', '/category/free-fire/'];
    expect(starts.map((path) => isShopperStart(path, ''))).toEqual([true, true, true, true]);
    const others = [
      '/login',
      '/register',
      '/forgot-password',
      '/profile',
      '/profile/userWallet',
      '/profile/userOrder',
      '/admin',
      '/admin/orders',
    ];
    expect(others.filter((path) => isShopperStart(path, ''))).toEqual([]);
    expect(isShopperStart('/category/free-fire', '?group=ff-uid')).toBe(true);
    expect(isShopperStart('/category/free-fire', '?payment=P1&invoice_id=I1')).toBe(false);
  });
});

describe("the shop's state", () => {
  it('is the closed message while the shop does not sell, nothing while it does or before the settings are in', () => {
    expect(shopClosedMessage({ ...settings, shopStatus: 0 })).toBe('Back at 5 PM');
    expect(shopClosedMessage(settings)).toBeUndefined();
    expect(shopClosedMessage(undefined)).toBeUndefined();
  });
});

describe('the page carousel', () => {
  it('shows 4 cards, 3 below 1200 px, 2 below 992 px and 1 below 767 px', () => {
    expect([1440, 1200, 1199, 992, 991, 767, 766, 360].map(slidesForWidth)).toEqual([4, 4, 3, 3, 2, 2, 1, 1]);
  });
});
