import type { AdminSalesReport, SalesFigures } from '@contract/admin-wire';
import { dhakaDay, shiftDay } from '@contract/report-range';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReportsPage } from '../../../web/src/app/routes/admin/reports';
import { location, renderWithShop, stubApi } from '../../support/component';

/** What the trend chart was given: uPlot draws on a canvas, which happy-dom has not; the stand-in keeps its data and puts a canvas where uPlot would. */
const charts: { data: number[][]; width: number }[] = [];
vi.mock('uplot', () => ({
  default: class {
    readonly root = document.createElement('div');
    readonly ctx = { canvas: document.createElement('canvas') };
    width: number;
    constructor(options: { width: number }, data: number[][], target: HTMLElement) {
      this.width = options.width;
      charts.push({ data, width: options.width });
      this.root.append(this.ctx.canvas);
      target.append(this.root);
    }
    setSize() {}
    destroy() {
      this.root.remove();
    }
  },
}));

const figures = (changes: Partial<SalesFigures> = {}): SalesFigures => ({
  orders: 0,
  units: 0,
  gross: 0,
  discount: 0,
  net: 0,
  refunds_wallet: 0,
  refunds_method: 0,
  cost: 0,
  margin: 0,
  ...changes,
});

/** A report of two days, 1 and 2 Nov 2026, as GET /admin/reports/sales answers it. */
function salesReport(changes: Partial<AdminSalesReport> = {}): AdminSalesReport {
  const first = figures({ orders: 3, units: 4, gross: 1300, discount: 50, net: 1250, refunds_wallet: 100, cost: 900, margin: 250 });
  const second = figures({ orders: 2, units: 2, gross: 480, net: 480, refunds_method: 30, cost: 300, margin: 150 });
  return {
    from: '2026-11-01',
    to: '2026-11-02',
    totals: figures({
      orders: 5,
      units: 6,
      gross: 1780,
      discount: 50,
      net: 1730,
      refunds_wallet: 100,
      refunds_method: 30,
      cost: 1200,
      margin: 400,
    }),
    days: [
      { day: '2026-11-01', totals: first },
      { day: '2026-11-02', totals: second },
    ],
    games: [
      { game_id: 'free-fire', game_name: 'Free Fire', ...first },
      { game_id: 'pubg', game_name: 'PUBG Mobile', ...second },
    ],
    items: [
      {
        item_kind: 'plan',
        game_id: 'free-fire',
        game_name: 'Free Fire',
        item_id: 'ff-25',
        item_name: '25 Diamonds',
        ...first,
      },
    ],
    channels: [{ channel: 'bkash', payments: 2, amount: 480 }],
    promos: [{ coupan_code: 'EID50', uses: 1, discount: 50, revenue: 250 }],
    suppliers: [{ supplier: 'unipin', deliveries: 4, failures: 1, unknowns: 0, average_seconds: 200 }],
    claims: { opened: 3, settled_by_rule: 1, settled_by_hand: 1, average_hours: 5.25, held: 2, released: 1 },
    ...changes,
  };
}

const page = '/admin/reports?from=2026-11-01&to=2026-11-02';

describe("the console's Reports page", () => {
  it('shows the figures, the chart with its numbers as a table, the rankings and the claims', async () => {
    const api = stubApi({ '/admin/reports/sales?from=2026-11-01&to=2026-11-02': { data: salesReport() } });
    renderWithShop(<ReportsPage />, { path: page, route: '/admin/reports', signedInAs: 'token-of-an-admin' });

    const summary = await waitFor(() => {
      const cards = [...document.querySelectorAll('[data-report-figures] .figure-card')].map((card) => card.textContent);
      expect(cards[0]).toContain('৳1,730');
      return cards;
    });
    expect(summary).toEqual([
      'Net sales৳1,730after discounts',
      'Margin৳400net less refunds and cost',
      'Orders56 units',
      'Refunds৳130৳100 to wallets, ৳30 to the method',
      'Discount৳50promo codes and sales',
    ]);
    expect(api.calls.map((call) => call.path)).toEqual(['/admin/reports/sales?from=2026-11-01&to=2026-11-02']);

    // uPlot comes in a chunk of its own: the chart is drawn once it has loaded.
    const chart = await screen.findByRole('img');
    expect(chart.tagName).toBe('CANVAS');
    expect(chart.getAttribute('aria-label')).toBe(
      'Net sales, margin and orders per day from 1 Nov 2026 to 2 Nov 2026: ৳1,730 net, ৳400 margin, 5 orders in all.',
    );
    expect(charts.at(-1)?.data).toEqual([
      [0, 1],
      [1250, 480],
      [250, 150],
      [3, 2],
    ]);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Day', 'Net', 'Margin', 'Orders'],
      ['1 Nov 2026', '৳1,250', '৳250', '3'],
      ['2 Nov 2026', '৳480', '৳150', '2'],
    ]);

    const ranking = (name: string) => screen.getByRole('region', { name });
    expect(
      within(ranking('Games'))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Free Fire৳1,250 net, margin ৳250', 'PUBG Mobile৳480 net, margin ৳150']);
    expect(ranking('Plans and vouchers').textContent).toContain('25 Diamonds · Free Fire4 units, ৳1,250 net');
    expect(ranking('Promo codes').textContent).toContain('EID501 use, ৳50 off, ৳250 taken');
    expect(ranking('Suppliers').textContent).toContain('unipin4 deliveries, 1 failure, 0 unknown, average 3 min 20 s');
    const claims = [...ranking('Claims and holds').querySelectorAll('dl > div')].map((line) => line.textContent);
    expect(claims).toEqual([
      'Opened3',
      'Settled by a rule1',
      'Settled by hand1',
      'Average time to settle5.3 h',
      'Orders held for review2',
      'Held orders released1',
    ]);
  });

  it('says so in plain words when the range had no sales', async () => {
    const quiet = salesReport({ totals: figures(), games: [], items: [], promos: [], suppliers: [], channels: [] });
    quiet.days = quiet.days.map((day) => ({ ...day, totals: figures() }));
    quiet.claims = { opened: 0, settled_by_rule: 0, settled_by_hand: 0, average_hours: null, held: 0, released: 0 };
    stubApi({ '/admin/reports/sales': { data: quiet } });
    renderWithShop(<ReportsPage />, { path: page, route: '/admin/reports', signedInAs: 'token-of-an-admin' });
    await screen.findByRole('region', { name: 'Games' });
    expect(screen.getAllByText('No sales in these days.').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('No promo code was used in these days.')).toBeTruthy();
    expect(screen.getByText('No supplier delivered in these days.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Claims and holds' }).textContent).toContain('Average time to settle—');
  });

  it('says when the report could not be read, with Retry', async () => {
    stubApi({ '/admin/reports/sales': { status: 500, message: 'Something went wrong' } });
    renderWithShop(<ReportsPage />, { path: page, route: '/admin/reports', signedInAs: 'token-of-an-admin' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the report: Something went wrong');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the report' })).toBeNull();
  });

  it('refuses a range of 91 days with the message, and asks for one of 90', async () => {
    const user = userEvent.setup();
    const api = stubApi({ '/admin/reports/sales': { data: salesReport() } });
    renderWithShop(<ReportsPage />, { path: page, route: '/admin/reports', signedInAs: 'token-of-an-admin' });
    await screen.findByRole('region', { name: 'Games' });

    const from = screen.getByLabelText('From') as HTMLInputElement;
    await user.clear(from);
    // 4 Aug to 2 Nov: 91 days, both included.
    await user.type(from, '2026-08-04');
    expect(await screen.findByText('A report covers at most 90 days')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(location.path).toBe(page);
    expect(api.calls.map((call) => call.path)).not.toContain('/admin/reports/sales?from=2026-08-04&to=2026-11-02');

    await user.clear(from);
    await user.type(from, '2026-08-05');
    await waitFor(() => expect(location.path).toBe('/admin/reports?from=2026-08-05&to=2026-11-02'));
    expect(screen.queryByText('A report covers at most 90 days')).toBeNull();
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('/admin/reports/sales?from=2026-08-05&to=2026-11-02'));
  });

  it('sets the range to the last 7, 30 or 90 Dhaka days with the quick choices', async () => {
    const user = userEvent.setup();
    const api = stubApi({ '/admin/reports/sales': { data: salesReport() } });
    renderWithShop(<ReportsPage />, { path: page, route: '/admin/reports', signedInAs: 'token-of-an-admin' });
    await screen.findByRole('region', { name: 'Games' });
    const today = dhakaDay(Date.now());
    for (const days of [30, 90, 7]) {
      await user.click(screen.getByRole('button', { name: `${days} days` }));
      const from = shiftDay(today, 1 - days);
      await waitFor(() => expect(location.path).toBe(`/admin/reports?from=${from}&to=${today}`));
      expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(from);
      expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(today);
      expect(screen.getByRole('button', { name: `${days} days` }).getAttribute('aria-pressed')).toBe('true');
      await waitFor(() => expect(api.calls.map((call) => call.path)).toContain(`/admin/reports/sales?from=${from}&to=${today}`));
    }
  });
});
