import { createAccount } from '../../functions/auth/service/accounts';
import type { PlanDelivery, PlanGroup } from '../../functions/catalog/repo';
import { saveMasterCategory, savePlan, savePlanGroup } from '../../functions/catalog/service';
import { saveBlogPost, saveEvent, savePaymentChannel, updateSiteSettings } from '../../functions/content/service';
import { parseCodes } from '../../functions/vouchers/inventory';
import { addCodes, saveVoucher } from '../../functions/vouchers/service';
import { adjustBalance } from '../../functions/wallet/service';
import { holdPlacedOrder } from '../../functions/orders/holds';
import { placeWalletOrder } from '../../functions/orders/service';
import { holdFor } from '../../functions/risk/holds';
import { requireActiveUser } from '../../functions/users/active-user';
import { supplierSettingsItem } from '../../functions/suppliers/repo';
import { transact } from '../../functions/shared/transactions';
import { demoRupiahPerTaka, demoSupplierProducts } from './demo-supplier';

/** The demo accounts; their passwords are made fresh for each data folder, never written in code. */
export interface DemoLogins {
  shopper: { email: string; mobileNo: string; password: string };
  admin: { email: string; mobileNo: string; password: string };
}

const img = (name: string) => `/images/${name}`;

const masterCategories = [
  { id: 'free-fire', name: 'Free Fire', image: img('free-fire.svg'), lookupCode: 'freefire' },
  { id: 'pubg-mobile', name: 'PUBG Mobile', image: img('pubg-mobile.svg'), lookupCode: 'pubgm' },
  { id: 'mobile-legends', name: 'Mobile Legends', image: img('mobile-legends.svg') },
  { id: 'google-play', name: 'Google Play gift cards.', image: img('google-play.svg') },
  { id: 'itunes', name: 'iTunes gift cards.', image: img('itunes.svg') },
  { id: 'steam', name: 'Steam wallet codes.', image: img('steam.svg') },
  { id: 'unipin', name: 'UniPin vouchers.', image: img('voucher-gp-500.svg') },
];

/** Free Fire plans delivered without an operator: through the supplier, and from the UniPin voucher's codes. */
const automaticPlans: { seed: PlanSeed; delivery: PlanDelivery }[] = [
  {
    seed: ['ff-100-instant', '100 Diamonds · instant', 75, 100, 'plan-diamond.svg'],
    delivery: { mode: 'supplier', sku: 'FF100', cost: demoSupplierProducts.FF100.taka },
  },
  {
    seed: ['ff-310-instant', '310 Diamonds · instant', 225, 310, 'plan-diamond.svg'],
    delivery: { mode: 'supplier', sku: 'FF310', cost: demoSupplierProducts.FF310.taka },
  },
  { seed: ['ff-unipin-100', '100 Diamonds · UniPin', 80, 100, 'plan-diamond.svg'], delivery: { mode: 'stock', voucherId: 'unipin-100' } },
];

const groups: Omit<PlanGroup, 'position'>[] = [
  {
    id: 'ff-uid',
    masterCategoryId: 'free-fire',
    name: 'UID TOPUP',
    image: img('group-uid.svg'),
    playerIdFormat: { minDigits: 6, maxDigits: 12 },
  },
  { id: 'ff-id-password', masterCategoryId: 'free-fire', name: 'ID-Password Topup', image: img('group-account.svg') },
  {
    id: 'pubg-uid',
    masterCategoryId: 'pubg-mobile',
    name: 'UID TOPUP',
    image: img('group-pubg.svg'),
    playerIdFormat: { minDigits: 6, maxDigits: 12 },
  },
  { id: 'mlbb-id-password', masterCategoryId: 'mobile-legends', name: 'ID-Password Topup', image: img('group-mlbb.svg') },
];

type PlanSeed = [id: string, name: string, price: number, diamonds: number, image: string, status?: 0 | 1];

const plansByGroup: Record<string, PlanSeed[]> = {
  'ff-uid': [
    ['ff-25', '25 Diamonds', 22, 25, 'plan-diamond.svg'],
    ['ff-50', '50 Diamonds', 40, 50, 'plan-diamond.svg'],
    ['ff-115', '115 Diamonds', 80, 115, 'plan-diamond.svg'],
    ['ff-240', '240 Diamonds', 160, 240, 'plan-diamond.svg'],
    ['ff-610', '610 Diamonds', 400, 610, 'plan-diamond.svg'],
    ['ff-1240', '1240 Diamonds', 810, 1240, 'plan-diamond.svg'],
    ['ff-2530', '2530 Diamonds', 1620, 2530, 'plan-diamond.svg', 0],
    ['ff-weekly', 'Weekly Membership', 160, 450, 'plan-membership.svg'],
    ['ff-monthly', 'Monthly Membership', 780, 2600, 'plan-membership.svg'],
  ],
  'ff-id-password': [
    ['ffa-520', '520 Diamonds', 350, 520, 'plan-diamond.svg'],
    ['ffa-1060', '1060 Diamonds', 700, 1060, 'plan-diamond.svg'],
    ['ffa-levelup', 'Level Up Pass', 150, 0, 'plan-membership.svg'],
  ],
  'pubg-uid': [
    ['pubg-60', '60 UC', 95, 60, 'plan-uc.svg'],
    ['pubg-325', '325 UC', 460, 325, 'plan-uc.svg'],
    ['pubg-660', '660 UC', 900, 660, 'plan-uc.svg'],
    ['pubg-1800', '1800 UC', 2350, 1800, 'plan-uc.svg', 0],
  ],
  'mlbb-id-password': [
    ['mlbb-86', '86 Diamonds', 150, 86, 'plan-mlbb.svg'],
    ['mlbb-172', '172 Diamonds', 290, 172, 'plan-mlbb.svg'],
    ['mlbb-257', '257 Diamonds', 430, 257, 'plan-mlbb.svg'],
  ],
};

const rules = (region: string) =>
  `<p><strong>How to redeem</strong></p><ol><li>Copy the code from <em>My Codes</em>.</li><li>Open the store app and choose <em>Redeem</em>.</li><li>Paste the code and confirm.</li></ol><p>Works for ${region} accounts only. Codes are not refundable once delivered.</p>`;

const vouchers = [
  {
    id: 'gp-500',
    masterCategoryId: 'google-play',
    name: 'Google Play ৳500 (Bangladesh)',
    price: 520,
    image: img('voucher-gp-500.svg'),
    codes: 8,
    region: 'Bangladesh',
  },
  {
    id: 'gp-1000',
    masterCategoryId: 'google-play',
    name: 'Google Play ৳1000 (Bangladesh)',
    price: 1030,
    image: img('voucher-gp-1000.svg'),
    codes: 5,
    region: 'Bangladesh',
  },
  {
    id: 'itunes-10',
    masterCategoryId: 'itunes',
    name: 'iTunes $10 (US)',
    price: 1350,
    image: img('voucher-itunes-10.svg'),
    codes: 0,
    region: 'US',
  },
  {
    id: 'itunes-25',
    masterCategoryId: 'itunes',
    name: 'iTunes $25 (US)',
    price: 3300,
    image: img('voucher-itunes-25.svg'),
    codes: 4,
    region: 'US',
  },
  {
    id: 'unipin-100',
    masterCategoryId: 'unipin',
    name: 'UniPin UP 100 (Free Fire 100 Diamonds)',
    price: 85,
    image: img('voucher-gp-500.svg'),
    codes: 12,
    region: 'Bangladesh',
  },
  {
    id: 'steam-20',
    masterCategoryId: 'steam',
    name: 'Steam Wallet $20 (Global)',
    price: 2600,
    image: img('voucher-steam-20.svg'),
    codes: 6,
    region: 'Global',
  },
];

/** Demo codes: obviously fake, but shaped like the real thing. */
function demoCode(voucherId: string, n: number): string {
  const block = () => Math.random().toString(36).slice(2, 6).toUpperCase().padEnd(4, 'X');
  return `${voucherId.toUpperCase().replace(/-/g, '')}-${block()}-${block()}-${String(n).padStart(2, '0')}`;
}

/** Fills an empty table with a believable shop and the two demo accounts. */
export async function seedDemoShop(logins: DemoLogins): Promise<void> {
  await Promise.all(masterCategories.map((category, i) => saveMasterCategory({ ...category, position: i + 1 }, true)));
  // Groups and plans count themselves under their parent: one at a time per parent.
  for (const [i, group] of groups.entries()) await savePlanGroup({ ...group, position: i + 1 }, undefined);
  for (const group of groups) {
    for (const [i, [id, name, price, diamonds, image, status = 1]] of (plansByGroup[group.id] ?? []).entries()) {
      await savePlan({ id, groupId: group.id, name, image: img(image), price, diamonds, status, position: i + 1 }, undefined);
    }
  }
  for (const [i, { codes, region, ...voucher }] of vouchers.entries()) {
    await saveVoucher({ ...voucher, description: rules(region), position: i + 1 }, undefined);
    if (codes > 0)
      await addCodes(voucher.id, parseCodes(Array.from({ length: codes }, (_, n) => demoCode(voucher.id, n + 1)).join('\n')).codes);
  }
  const uidPlans = plansByGroup['ff-uid']!.length;
  for (const [i, { seed, delivery }] of automaticPlans.entries()) {
    const [id, name, price, diamonds, image] = seed;
    const position = uidPlans + i + 1;
    await savePlan({ id, groupId: 'ff-uid', name, image: img(image), price, diamonds, status: 1, position, delivery }, undefined);
  }
  // The fake supplier prices in rupiah, as Digiflazz does: the console's exchange rate, as an operator would set it.
  await transact([supplierSettingsItem('digiflazz', { rate: demoRupiahPerTaka, updatedAt: new Date().toISOString(), updatedBy: 'seed' })]);

  const events = [
    {
      id: 'ff-diamonds',
      name: 'Free Fire Diamonds',
      image: img('banner-free-fire.svg'),
      link: '/category/free-fire',
      text: 'Top up Free Fire diamonds by player ID.',
    },
    {
      id: 'pubg-uc',
      name: 'PUBG Mobile UC',
      image: img('banner-pubg.svg'),
      link: '/category/pubg-mobile',
      text: 'UC at the best price in taka.',
    },
    {
      id: 'google-play',
      name: 'Google Play Gift Cards',
      image: img('banner-google-play.svg'),
      link: '/voucher/google-play',
      text: 'Codes delivered instantly.',
    },
  ];
  await Promise.all(
    events.map(({ link, text, ...event }, i) =>
      saveEvent({ ...event, description: `<a href="${link}">${event.name}</a><p>${text}</p>`, position: i + 1 }, true),
    ),
  );

  const channels = [
    { id: 'bkash', name: 'bKash', logo: img('sender-bkash.svg'), number: '01700-000001' },
    { id: 'nagad', name: 'Nagad', logo: img('sender-nagad.svg'), number: '01800-000002' },
    { id: 'rocket', name: 'Rocket', logo: img('sender-rocket.svg'), number: '01900-000003' },
    { id: 'upay', name: 'Upay', logo: img('sender-upay.svg'), number: '01600-000004' },
  ];
  await Promise.all(channels.map((channel, i) => savePaymentChannel({ ...channel, position: i + 1 }, true)));

  await saveBlogPost(
    {
      id: 'how-to-top-up-free-fire',
      type: 'image',
      image: img('blog-topup-guide.svg'),
      youtubeId: '',
      title: 'How to top up Free Fire diamonds by player ID',
      content:
        '<p>Open <strong>Free Fire</strong>, tap your avatar and copy the <em>player ID</em> under your name.</p><ol><li>Choose <strong>UID TOPUP</strong> on the Free Fire page.</li><li>Pick a diamond pack and paste your player ID.</li><li>Pay from your wallet or with bKash, Nagad or Upay.</li></ol><p>Diamonds usually arrive in 5-10 minutes.</p>',
      createdAt: '2026-10-02T09:30:00.000Z',
    },
    true,
  );
  await saveBlogPost(
    {
      id: 'keep-your-account-safe',
      type: 'image',
      image: img('blog-account-safety.svg'),
      youtubeId: '',
      title: 'Five ways to keep your game account safe',
      content:
        '<p>Use a strong password, turn on two-step login and never share a backup code with anyone who calls you.</p><ul><li>We never ask for your password by phone.</li><li>Change your game password after an ID-password top-up.</li></ul>',
      createdAt: '2026-10-20T12:00:00.000Z',
    },
    true,
  );
  await saveBlogPost(
    {
      id: 'ob46-update-video',
      type: 'video',
      image: img('blog-update-video.svg'),
      youtubeId: 'dQw4w9WgXcQ',
      title: 'Watch: what is new in the latest Free Fire update',
      content: '<p>A quick tour of the new map, weapons and the diamond royale of this season.</p>',
      createdAt: '2026-11-05T15:45:00.000Z',
    },
    true,
  );

  await updateSiteSettings(() => ({
    shopStatus: 1,
    closedMessage: 'The shop is closed for maintenance. Please come back in a little while.',
    popups: [
      {
        status: '1',
        image: img('popup-offer.svg'),
        text: '<p><strong>Weekend offer:</strong> 5% extra diamonds on every UID top-up until Sunday.</p>',
      },
      { status: '0', image: img('popup-app.svg'), text: '<p>Get our app for faster top-ups and order alerts.</p>' },
    ],
    phone: '+880 1700-000000',
    messengerLink: 'https://m.me/topupbazar',
    whatsapp: '8801700000000',
    appLink: 'https://play.google.com/store/apps/details?id=bd.topupbazar',
    social: [
      { name: 'Facebook', url: 'https://facebook.com/topupbazar' },
      { name: 'YouTube', url: 'https://youtube.com/@topupbazar' },
      { name: 'Telegram', url: 'https://t.me/topupbazar' },
    ],
    redeemVideoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  }));

  const shopper = await createAccount({ name: 'Rahim Uddin', ...logins.shopper, emailVerified: true });
  await adjustBalance(shopper.id, 5000, 'adjustment', 'demo-opening-balance');
  await createAccount({ name: 'Shop Admin', ...logins.admin, role: 'admin', emailVerified: true });
  await seedReviewQueue();
}

/**
 * The review queue's demo (docs/risk.md): three new accounts on one device top up one player ID,
 * and a theft report held their orders; the queue shows them with their linkage flags. The
 * accounts have no password: nobody signs in as them.
 */
async function seedReviewQueue(): Promise<void> {
  const origin = { clientIp: '192.0.2.10', deviceId: 'demo-device-0000-0000-0001' };
  const at = new Date().toISOString();
  const hold = holdFor([{ kind: 'payer-search', text: 'Payer search (•••••321): demo, the bKash owner reported a theft' }], 60, at)!;
  for (const n of [1, 2, 3]) {
    const account = await createAccount({
      name: `Demo buyer ${n}`,
      email: `demo.buyer${n}@example.com`,
      mobileNo: `0171000000${n}`,
      emailVerified: true,
    });
    await adjustBalance(account.id, 100, 'adjustment', 'demo-opening-balance');
    const buyer = await requireActiveUser({ userId: account.id, tokenVersion: account.tokenVersion });
    const order = await placeWalletOrder(buyer, { planId: 'ff-25', price: 22, saccount_id: '9876543210' }, origin);
    await holdPlacedOrder(order, hold, []);
  }
}
