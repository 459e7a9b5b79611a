import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../../../web/src/app/routes/login';
import { findToast, location, renderWithShop, stubApi } from '../../support/component';

describe('the login form', () => {
  it('marks the empty fields without asking the server, and keeps a wrong password on /login with the server message', async () => {
    const user = userEvent.setup();
    const api = stubApi({ '/auth/login': { status: 400, message: 'Invalid email/mobile number or password' } });
    const { container } = renderWithShop(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(container.querySelectorAll('.input.is-invalid')).toHaveLength(2);
    expect(api.calls).toEqual([]);

    await user.type(screen.getByLabelText('Email/Mobile Number'), 'nusrat@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findToast('Invalid email/mobile number or password');
    expect(api.calls).toEqual([
      { method: 'POST', path: '/auth/login', body: { email: 'nusrat@example.com', password: 'not-the-password' } },
    ]);
    expect(location.path).toBe('/login');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderWithShop(<LoginPage />, { path: '/login' });
    const field = screen.getByLabelText('Password', { exact: true });
    expect(field.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field.getAttribute('type')).toBe('password');
  });

  it('drops the error toast of a failed login once the login succeeds, and goes home', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const shopper = {
      authToken: 'token-of-nusrat',
      code: 'U1',
      name: 'Nusrat',
      email: 'nusrat@example.com',
      wallet_balance: 0,
      has_password: true,
    };
    stubApi({
      '/auth/login': () =>
        Promise.resolve(
          tries++ === 0
            ? { status: 400, message: 'Invalid email/mobile number or password' }
            : { data: shopper, message: 'Logged in successfully' },
        ),
      '/user/user_data': { data: shopper },
    });
    renderWithShop(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email/Mobile Number'), 'nusrat@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findToast('Invalid email/mobile number or password');
    await user.clear(screen.getByLabelText('Password', { exact: true }));
    await user.type(screen.getByLabelText('Password', { exact: true }), 'the-password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findToast('Logged in successfully');
    // A dismissed toast leaves at the end of its exit animation, which a DOM emulation never plays: it is ended here.
    await waitFor(() => {
      for (const leaving of document.querySelectorAll('.Toastify__toast[class*="exit"]')) fireEvent.animationEnd(leaving);
      expect([...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent)).not.toContain(
        'Invalid email/mobile number or password',
      );
    });
    expect(location.path).toBe('/');
  });
});
