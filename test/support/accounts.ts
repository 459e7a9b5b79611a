import { randomBytes, randomInt } from 'node:crypto';
import { expect, inject } from 'vitest';
import { callApi } from './http';

/** A unique email and Bangladeshi-looking mobile number, so that tests never share accounts. */
export function uniqueContact(label = 'user') {
  const tag = randomBytes(5).toString('hex');
  return { email: `${label}.${tag}@example.com`, mobileNo: `01${randomInt(3, 10)}${String(randomInt(0, 1e8)).padStart(8, '0')}` };
}

export interface TestAccount {
  name: string;
  email: string;
  mobileNo: string;
  password: string;
  token: string;
  code: string;
}

/** Registers a fresh account through the API and logs it in. */
export async function registerAndLogIn(label = 'user'): Promise<TestAccount> {
  const { email, mobileNo } = uniqueContact(label);
  const account = { name: `Test ${label}`, email, mobileNo, password: `pw-${randomBytes(4).toString('hex')}` };
  const registered = await callApi('/auth/register_user', {
    form: { name: account.name, email, mobile_no: mobileNo, password: account.password },
  });
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await callApi<{ data: { authToken: string; code: string } }>('/auth/login', {
    form: { email, password: account.password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { ...account, token: login.body.data.authToken, code: login.body.data.code };
}

/** Asks the stand-in Google identity provider to sign these claims (a test-only endpoint of the stand-in). */
export async function mintGoogleToken(claims: Record<string, unknown>, expiresInSeconds?: number): Promise<string> {
  const response = await fetch(`${inject('stack').identityProviderUrl}/mint`, {
    method: 'POST',
    body: JSON.stringify({ claims, expiresInSeconds }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * A Google sign-in started as the shop's page starts it: the server's nonce (POST
 * /auth/google_nonce), the cookie holding its secret that the browser then sends (`headers`), and
 * the claims of a good ID token for this email, for this stack's client id, carrying that nonce.
 */
export async function googleSignIn(email: string, name = 'Google Tester') {
  const started = await callApi<{ data: { nonce: string } }>('/auth/google_nonce', { method: 'POST' });
  if (started.status !== 200) throw new Error(`no Google nonce: ${JSON.stringify(started.body)}`);
  const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
  return {
    headers: { cookie },
    claims: {
      sub: `g-${randomBytes(6).toString('hex')}`,
      email,
      email_verified: true,
      name,
      aud: 'storefront-local.apps.googleusercontent.com',
      nonce: started.body.data.nonce,
    },
  };
}

/** A mail as the local stack's SES emulator keeps it. */
export interface StoredMail {
  subject: string;
  text: string;
  html: string;
  headers: { name: string; value: string }[];
}

/** The mails the local stack's SES emulator holds for an address, newest last. */
export async function mailsTo(address: string): Promise<StoredMail[]> {
  const response = await fetch(`${inject('stack').mailboxUrl}/store`);
  const { emails } = (await response.json()) as {
    emails: {
      destination: { to: string[] };
      subject: string;
      body: { text?: string; html?: string };
      headers?: { name: string; value: string }[];
    }[];
  };
  return emails
    .filter((email) => email.destination.to.some((to) => to.includes(address)))
    .map((email) => ({ subject: email.subject, text: email.body.text ?? '', html: email.body.html ?? '', headers: email.headers ?? [] }));
}

/** The token of the newest link of this kind mailed to an address. */
export async function mailedToken(address: string, path: '/verify-email' | '/reset-password' | '/cancel-email-change'): Promise<string> {
  const mails = await mailsTo(address);
  const link = mails
    .reverse()
    .map((mail) => new RegExp(`${path}\\?token=([\\w%-]+)`).exec(mail.text)?.[1])
    .find(Boolean);
  if (!link) throw new Error(`No ${path} link was mailed to ${address}`);
  return decodeURIComponent(link);
}

/** The mail with this subject to an address, once the local SES emulator has it (a stream's mail comes a moment later). */
export async function mailWithSubject(address: string, subject: string): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A text as the SMS stand-in accepted it (sms.net.bd's fields; `to` as 8801XXXXXXXXX). */
export interface StoredText {
  to: string;
  msg: string;
  request_id: number | string;
}

/** The texts the local stack's SMS stand-in accepted for a number (01XXXXXXXXX), oldest first. */
export async function textsTo(mobileNo: string): Promise<StoredText[]> {
  const response = await fetch(`${inject('stack').smsUrl}/messages`);
  const texts = (await response.json()) as StoredText[];
  return texts.filter((text) => text.to === `88${mobileNo}`);
}

/** The code of the last text to this number (its verification code, in either language). */
export async function lastCodeTo(mobileNo: string): Promise<string> {
  const last = (await textsTo(mobileNo)).at(-1);
  const code = last && /(\d{6})/.exec(last.msg)?.[1];
  if (!code) throw new Error(`no code texted to ${mobileNo}`);
  return code;
}

/** Proves an account's mobile number through the API, with the code the SMS stand-in received. */
export async function verifyMobileNumber(account: Pick<TestAccount, 'token' | 'mobileNo'>): Promise<void> {
  const sent = await callApi('/user/send_mobile_code', { method: 'POST', token: account.token });
  if (sent.status !== 200) throw new Error(`no code sent: ${JSON.stringify(sent.body)}`);
  const verified = await callApi('/user/verify_mobile', { token: account.token, form: { code: await lastCodeTo(account.mobileNo) } });
  if (verified.status !== 200) throw new Error(`not verified: ${JSON.stringify(verified.body)}`);
}
