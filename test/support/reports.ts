import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { AdminSalesReport } from '../../functions/contract/admin-wire';
import { dhakaDay } from '../../functions/contract/report-range';
import { logInAdmin } from './admin';
import { callApi } from './http';

/** The reports' tests (issue 42): today's Dhaka day, one operator's session per file, the sales report, and plans of their own. */

export const today = () => dhakaDay(Date.now());

let adminToken: Promise<string> | undefined;
/** An operator's token, logged in once per test file. */
export const asAdmin = () => {
  adminToken ??= logInAdmin();
  return adminToken;
};

/** The sales report of today, as the console reads it. */
export const salesToday = async () =>
  (
    await callApi<{ data: AdminSalesReport }>(`/admin/reports/sales?from=${today()}&to=${today()}`, {
      method: 'GET',
      token: await asAdmin(),
    })
  ).body.data;

/** A new plan of Free Fire's player-ID group at `price`, delivered by the operators, named `<label> <random>`. */
export async function freshPlan(price: number, label: string, position: number): Promise<string> {
  const created = await callApi<{ data: { plans_id: string } }>('/admin/plans', {
    token: await asAdmin(),
    form: {
      category_id: 'ff-uid',
      pname: `${label} ${randomBytes(3).toString('hex')}`,
      image: '/images/plan-diamond.svg',
      price,
      no_of_diamonds: 10,
      status: '1',
      position,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.plans_id;
}
