import { describe, expect, inject, it } from 'vitest';
import { success } from '../../../functions/http/stack';
import { adminRoute, userRoute } from '../../../functions/http/user-route';
import { registerAndLogIn } from '../../support/accounts';
import { callApi } from '../../support/http';
import { httpEvent, lambdaContext } from '../../support/lambda-event';

/** A user and an admin handler on the one stack, driven directly against the stack's table. */
const whoAmI = userRoute({}, async ({ user }) => success({ userId: user.id }));
const adminOnly = adminRoute({}, async ({ user }) => success({ userId: user.id }));

const call = async (handler: typeof whoAmI, token?: string) => {
  const result = (await handler(httpEvent({ headers: token ? { authorization: token } : {} }) as never, lambdaContext)) as {
    statusCode: number;
    body: string;
  };
  return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
};

describe('user and admin access', () => {
  it('lets a current token through to a user route, as raw or Bearer, and refuses it once revoked', async () => {
    const shopper = await registerAndLogIn('whoami');
    for (const header of [shopper.token, `Bearer ${shopper.token}`]) {
      expect(await call(whoAmI, header)).toEqual({ status: 200, body: { status: 1, message: '', data: { userId: shopper.code } } });
    }
    await callApi('/user/update_user', { token: shopper.token, form: { password: shopper.password, new_password: 'rotated-2' } });
    expect(await call(whoAmI, shopper.token)).toEqual({ status: 401, body: { status: 0, message: 'Token invalid or missing' } });
  });

  it('lets the admin through, refuses a shopper with 403 and a visitor with 401', async () => {
    const { admin } = inject('stack').logins;
    const login = await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } });
    expect((await call(adminOnly, login.body.data.authToken)).status).toBe(200);

    const shopper = await registerAndLogIn('notadmin');
    expect(await call(adminOnly, shopper.token)).toEqual({ status: 403, body: { status: 0, message: 'Forbidden' } });
    expect((await call(adminOnly)).status).toBe(401);
  });
});
