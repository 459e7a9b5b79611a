import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { shellMessages } from '../../web/src/app/messages';
import { authMessages } from '../../web/src/features/auth/messages';
import { catalogMessages } from '../../web/src/features/catalog/messages';
import { contentMessages } from '../../web/src/features/content/messages';
import { notificationsMessages } from '../../web/src/features/notifications/messages';
import { ordersMessages } from '../../web/src/features/orders/messages';
import { paymentsMessages } from '../../web/src/features/payments/messages';
import { promotionsMessages } from '../../web/src/features/promotions/messages';
import { vouchersMessages } from '../../web/src/features/vouchers/messages';
import { walletMessages } from '../../web/src/features/wallet/messages';
import { loadMessages, switchLocale } from '../../web/src/lib/i18n';
import { serverMessages } from '../../web/src/lib/server-messages-table';
import { sessionStore } from '../../web/src/lib/session';

/**
 * The component tier's page: every area's compiled catalog loaded in both languages (so that a
 * test may switch to Bengali with `switchLocale('bn')`), and each test starting afresh in English,
 * signed out, with nothing stubbed and nothing left on the screen.
 */
// A lazily loaded part (a form behind a button) arrives in milliseconds alone, in seconds beside
// npm test's other lanes on two cores: findBy… waits as long as such a part may need.
configure({ asyncUtilTimeout: 10_000 });

// happy-dom has no font loading: the pages that fetch the Bengali face ahead (lib/bengali-font.ts) find it loaded.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { load: async () => [], check: () => true, ready: Promise.resolve(), status: 'loaded' },
});

beforeAll(async () => {
  const catalogs = [
    shellMessages,
    authMessages,
    catalogMessages,
    contentMessages,
    notificationsMessages,
    ordersMessages,
    paymentsMessages,
    promotionsMessages,
    vouchersMessages,
    walletMessages,
    serverMessages,
  ];
  await loadMessages(...catalogs);
  await switchLocale('bn');
  await switchLocale('en');
});

afterEach(async () => {
  cleanup();
  await switchLocale('en');
  sessionStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
