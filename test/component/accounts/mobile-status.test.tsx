import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../functions/contract/wire';
import { ProfileOverview } from '../../../web/src/features/auth/components/profile-overview';
import { findToast, renderWithShop, stubApi } from '../../support/component';

const shopper: UserInfo = {
  code: 'U1',
  name: 'Nusrat',
  email: 'nusrat@example.com',
  mobile_no: '01712345678',
  image: '',
  photoURL: '',
  wallet_balance: 0,
  has_password: true,
  role: 'shopper',
  email_verified: true,
  mobile_verified: false,
  language: 'en',
  pending_email: '',
};

describe('the profile’s mobile number', () => {
  it('texts a code on request, then sends the code as typed, and offers a new one', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/user/send_mobile_code': { data: {}, message: 'We texted a code to 01712345678' },
      '/user/verify_mobile': { data: { mobile_no: '01712345678', mobile_verified: true }, message: 'Mobile number verified' },
      '/user/user_data': { data: { ...shopper, mobile_verified: true } },
    });
    renderWithShop(<ProfileOverview user={shopper} />, { signedInAs: 'token-of-nusrat' });
    screen.getByText('Not verified yet.');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await findToast('We texted a code to 01712345678');
    const field = screen.getByLabelText('Code from the text message');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(field, '১২৩ ৪৫৬');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findToast('Mobile number verified');
    expect(api.calls.filter((call) => call.path !== '/user/user_data')).toEqual([
      { method: 'POST', path: '/user/send_mobile_code', body: {} },
      { method: 'POST', path: '/user/verify_mobile', body: { code: '১২৩ ৪৫৬' } },
    ]);
  });

  it('shows a proved number as verified, and offers nothing for a number the shop cannot text', () => {
    stubApi({});
    const { unmount } = renderWithShop(<ProfileOverview user={{ ...shopper, mobile_verified: true }} />);
    expect(screen.getAllByText('Verified')).toHaveLength(2);
    unmount();
    renderWithShop(<ProfileOverview user={{ ...shopper, mobile_no: '9999999999' }} />);
    expect(screen.queryByRole('button', { name: 'Text me a code' })).toBeNull();
  });
});
