import { describe, expect, inject, it } from 'vitest';
import { requireAdmin } from '../../functions/auth/admin';
import { httpHandler, success } from '../../functions/shared/http';
import { registerAndLogIn } from '../support/accounts';
import { callApi } from '../support/http';
import { httpEvent, lambdaContext } from '../support/lambda-event';

/** An admin-only handler on the one stack, driven directly: no admin route exists yet. */
const adminOnly = httpHandler({ access: 'admin', authorize: requireAdmin }, async ({ session }) => success({ userId: session.userId }));

const call = async (token?: string) => {
  const result = (await adminOnly(httpEvent({ headers: token ? { authorization: token } : {} }) as never, lambdaContext)) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) as Record<string, unknown> };
};

describe('admin access', () => {
  it('refuses to build an admin route without its check', () => {
    expect(() => httpHandler({ access: 'admin' }, async () => success())).toThrow('An admin route needs an authorize check');
  });

  it('lets the admin through, refuses a shopper with 403 and a visitor with 401', async () => {
    const { admin } = inject('stack').logins;
    const login = await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } });
    expect((await call(login.body.data.authToken)).status).toBe(200);

    const shopper = await registerAndLogIn('notadmin');
    expect(await call(shopper.token)).toEqual({ status: 403, body: { status: 0, message: 'Forbidden' } });
    expect((await call()).status).toBe(401);
  });
});
