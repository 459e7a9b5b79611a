import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../functions/contract/wire';
import { googleSignIn, mailedToken, mailsTo, mintGoogleToken, registerAndLogIn, uniqueContact } from '../../support/accounts';
import { desktop, phone, toast, useBrowser, useDevSpa } from '../../support/browser';
import { callApi } from '../../support/http';

async function logInThroughForm(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email/Mobile Number').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe('accounts in the browser', () => {
  const browser = useBrowser();

  it('registers, shows the signed-in header, and logs out', async () => {
    const { page, errors } = await browser.open('/register');
    const { email, mobileNo } = uniqueContact('ui');
    await page.getByLabel('Name').fill('Sadia Islam');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mobile Number').fill(mobileNo);
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Registered successfully');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'My wallet' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authState') ?? '{}') as { userToken?: string });
    expect(stored.userToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await page.locator('.account-area .menu-button').click();
    await page.getByRole('menu').getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logout successfully');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authState'))).toBeNull();
    expect(errors).toEqual([]);
  });

  describe("on the dev server, where StrictMode mounts the toasts' container twice", () => {
    const devSpa = useDevSpa();

    it('shows "Logged in successfully" on a fresh page', async () => {
      const account = await registerAndLogIn('uidevlogin');
      const { page } = await browser.open('/login', desktop, { origin: devSpa() });
      await page.getByLabel('Email/Mobile Number').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await toast(page, 'Logged in successfully');
    });

    it('shows "Registered successfully" on a fresh page', async () => {
      const { page } = await browser.open('/register', desktop, { origin: devSpa() });
      const { email, mobileNo } = uniqueContact('uidevregister');
      await page.getByLabel('Name').fill('Nabila Haque');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Mobile Number').fill(mobileNo);
      await page.getByLabel('Password', { exact: true }).fill('secret-1');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await toast(page, 'Registered successfully');
    });
  });

  it('registers a new Google account through the stand-in chooser and lands on /', async () => {
    const { page } = await browser.open('/login');
    const { email } = uniqueContact('gui');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Continue with Google' }).click()]);
    await popup.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await popup.getByLabel('Name').fill('Farhan Kabir');
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Next' }).click();
    await toast(page, 'Logged in successfully');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByText(email).waitFor();
    await expect.poll(() => page.getByText('9999999999').count()).toBe(1);
  });

  it("sets a Google-only account's first password after a fresh Google sign-in in the chooser, and mails the owner", async () => {
    const { page } = await browser.open('/login');
    const { email } = uniqueContact('guiset');
    const chooser = async () => {
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('button', { name: /Continue with Google|Change Password/ }).click(),
      ]);
      await popup.getByLabel('Name').fill('Tanvir Hasan');
      await popup.getByLabel('Email').fill(email);
      await popup.getByRole('button', { name: 'Next' }).click();
    };
    await chooser();
    await toast(page, 'Logged in successfully');
    await page.goto('/profile/userSecurity');
    await page.getByText('To set one, we ask you to sign in with Google again.').waitFor();
    await expect.poll(() => page.getByLabel('Current Password').count()).toBe(0);
    await page.getByLabel('New Password').fill('owners-first-pw');
    await page.getByLabel('Confirm Password').fill('owners-first-pw');
    await chooser();
    await toast(page, 'Password Change Successfully');
    expect((await callApi('/auth/login', { form: { email, password: 'owners-first-pw' } })).status).toBe(200);
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 10_000 })
      .toContain('Your password was set');
  });

  it('confirms the address from its mailed link in the browser signed in to the account, so a later Google sign-in keeps the password', async () => {
    const account = await registerAndLogIn('uiverify');
    const { page, errors } = await browser.open(`/verify-email?token=${await mailedToken(account.email, '/verify-email')}`, desktop, {
      signedInAs: account.token,
    });
    await page.getByText('Email verified').waitFor();

    const signIn = await googleSignIn(account.email);
    const google = await callApi<{ data: UserInfo }>('/auth/login', {
      form: { email: account.email, password: 'x', google_token: await mintGoogleToken(signIn.claims) },
      headers: signIn.headers,
    });
    expect(google.body.data).toMatchObject({ code: account.code, has_password: true });
    expect(errors).toEqual([]);
  });

  it('cancels an email change from the owner\'s "this wasn\'t me" link and signs every session out', async () => {
    const account = await registerAndLogIn('uicancel');
    expect((await callApi('/auth/verify_email', { form: { token: await mailedToken(account.email, '/verify-email') } })).status).toBe(200);
    const thief = uniqueContact('uithief').email;
    const asked = await callApi('/user/update_user', {
      token: account.token,
      form: { name: account.name, mobile_no: account.mobileNo, email: thief, password: account.password },
    });
    expect(asked.status).toBe(200);

    // The owner opens the mail on their phone, signed in nowhere.
    const { page, errors } = await browser.open(
      `/cancel-email-change?token=${await mailedToken(account.email, '/cancel-email-change')}`,
      phone,
    );
    await page.getByText('The email change is cancelled and every session is signed out.', { exact: false }).waitFor();
    expect((await callApi('/user/user_data', { token: account.token, form: {} })).status).toBe(401);
    expect((await callApi('/auth/verify_email', { form: { token: await mailedToken(thief, '/verify-email') } })).status).toBe(400);
    expect(errors).toEqual([]);
  });

  it('sends a visitor from /profile to /', async () => {
    const { page } = await browser.open('/profile');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('category-grid').waitFor();
  });

  it('edits the profile, changes the password, and logs in with the new one', async () => {
    const account = await registerAndLogIn('uiedit');
    const { page } = await browser.open('/');
    await logInThroughForm(page, account.email, account.password);
    await toast(page, 'Logged in successfully');

    await page.goto('/profile/userEdit');
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Required Field').waitFor();
    await page.getByLabel('Name').fill('Renamed Gamer');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Updated Successfully');
    await page.locator('.profile-name', { hasText: 'Renamed Gamer' }).waitFor();
    // A new email asks for the current password.
    const newEmail = `moved.${account.code.toLowerCase()}@example.com`;
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByLabel('Current Password').waitFor();
    await page.getByText('Required Field').waitFor();
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, `Updated Successfully. Your email changes once you follow the link we sent to ${newEmail}.`);

    await page.goto('/profile/userSecurity');
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password').fill('abcd');
    await page.getByLabel('Confirm Password').fill('abcde');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Min length must be five').waitFor();
    await page.getByText('Does not match with password').waitFor();
    await page.getByLabel('New Password').fill('brand-new-pw');
    await page.getByLabel('Confirm Password').fill('brand-new-pw');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password Change Successfully');

    await page.evaluate(() => localStorage.clear());
    await logInThroughForm(page, account.email, 'brand-new-pw');
    await toast(page, 'Logged in successfully');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows 404 for an unknown profile section and Profile in the phone bar when signed in', async () => {
    const account = await registerAndLogIn('uibar');
    const { page } = await browser.open('/', phone);
    await logInThroughForm(page, account.mobileNo, account.password);
    await page.waitForURL((url) => url.pathname === '/');
    const bar = page.getByRole('navigation', { name: 'Quick' });
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Home', 'Orders', 'Codes', 'Profile']);
    await page.goto('/profile/nothing-here');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });

  it('clears a revoked stored session silently at start', async () => {
    const { page } = await browser.open('/');
    await page.evaluate(() => localStorage.setItem('authState', JSON.stringify({ userToken: 'a.b.c' })));
    await page.reload();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authState'))).toBeNull();
    await expect.poll(() => page.locator('.Toastify__toast', { hasText: 'Session Expired' }).count()).toBe(0);
  });
});
