/** The request schemas of sign-in, registration, mailed links and the profile (functions/auth/handlers). */
import * as v from 'valibot';
import {
  emailField,
  flagField,
  idPattern,
  languageField,
  mobileField,
  optionalEmail,
  optionalSecret,
  optionalText,
  requiredText,
} from './fields';
import { pushServiceOf } from './push-services';
import { minPasswordLength } from './rules';

/** The answer to a subscription at an address that is not a push service browsers use. */
export const pushEndpointMessage = 'endpoint must be a push service address';

/** The one answer to a link that does not work, whatever the reason. */
export const badLinkMessage = 'This link is used, expired or unknown';

/** A mailed link's token as a request carries it: a missing or overlong one is the same bad link. */
const linkTokenField = requiredText(badLinkMessage, 200);

/**
 * POST /auth/login: a password, or a Google ID token (its nonce the one POST /auth/google_nonce
 * issued to this browser, whose cookie carries the secret behind it).
 */
export const logInBody = v.pipe(
  v.object({
    email: requiredText('Email/Mobile Number is required', 254),
    password: optionalSecret(),
    photoURL: optionalText(1000),
    google_token: optionalText(4096),
  }),
  v.forward(
    v.check((form) => Boolean(form.google_token || form.password), 'Password is required'),
    ['password'],
  ),
);

/** POST /auth/register_user. */
export const registerBody = v.pipe(
  v.object({
    name: requiredText('Name is required', 80),
    email: emailField(),
    mobile_no: mobileField(),
    password: optionalSecret(),
    google_token: optionalText(4096),
    /** The shop's language on the device: the account's, for its mails. */
    language: v.optional(languageField),
  }),
  // Without a Google ID token the password is required, and at least five characters.
  v.forward(
    v.check((form) => Boolean(form.google_token || form.password), 'Password is required'),
    ['password'],
  ),
  v.forward(
    v.check((form) => Boolean(form.google_token) || (form.password ?? '').length >= minPasswordLength, 'Min length must be five'),
    ['password'],
  ),
);

/** POST /auth/forgot_password. */
export const forgotPasswordBody = v.object({ email: emailField(), language: v.optional(languageField) });

/** POST /user/language: the language the account's mails are written in. */
export const languageBody = v.object({ language: languageField });

/** POST /auth/reset_password: the mailed link's token and the new password. */
export const resetPasswordBody = v.object({
  token: linkTokenField,
  new_password: v.pipe(
    v.string('Min length must be five'),
    v.minLength(minPasswordLength, 'Min length must be five'),
    v.maxLength(200, 'Too long'),
  ),
});

/** POST /auth/verify_email and /auth/cancel_email_change: the mailed link's token. */
export const linkTokenBody = v.object({ token: linkTokenField });

/** POST /user/update_user: one action serves both forms (spec §7); a new_password makes it a password change. */
export const updateUserBody = v.looseObject({ new_password: optionalSecret() });

/** Fresh proof for a new email or password: the current password, or a Google-only account's recent Google sign-in. */
const proof = { password: optionalSecret(), google_token: optionalText(4096) };

/** POST /user/update_user with a new_password. */
export const passwordChangeBody = v.object({
  ...proof,
  new_password: v.pipe(v.string('Min length must be five'), v.minLength(minPasswordLength, 'Min length must be five')),
});

/** POST /user/update_user without a new_password: the profile. */
export const profileChangeBody = v.object({
  ...proof,
  name: requiredText('Required Field', 80),
  mobile_no: mobileField('Required Field'),
  email: optionalEmail(),
});

/** POST /user/verify_mobile: the code texted to the account's number (checked as typed, Bengali digits too). */
export const mobileCodeBody = v.object({ code: requiredText('Enter the 6-digit code we texted you', 20) });

/** POST /user/notifications: the next page's cursor. */
export const notificationsBody = v.object({ cursor: optionalText(2000), language: v.optional(languageField) });

/**
 * POST /user/notifications/read: the notifications to mark read, as a JSON array or a form's
 * comma-separated list (at most 50 a call).
 */
export const markReadBody = v.object({
  ids: v.pipe(
    v.union([v.array(v.string()), v.string()], 'ids is required'),
    v.transform((ids) => (Array.isArray(ids) ? ids : ids.split(',')).map((id) => id.trim()).filter(Boolean)),
    v.check((ids) => ids.length <= 50 && ids.every((id) => idPattern.test(id)), 'ids must be at most 50 notification ids'),
  ),
});

/** POST /user/notification_settings/update: each optional kind of mail on (1) or off (0). */
export const notificationSettingsBody = v.object({
  delivery_updates: flagField('delivery_updates must be 1 or 0'),
  payment_updates: flagField('payment_updates must be 1 or 0'),
});

/** The message of an unsubscribe link that does not work. */
export const badUnsubscribeMessage = 'This unsubscribe link is not valid. Change your e-mail settings under Profile → Notifications.';

/**
 * POST /mail/unsubscribe: the mailed token, in the query (RFC 8058: a mail app POSTs
 * `List-Unsubscribe=One-Click` to the header's URL) or in the body (the shop's own page).
 */
export const unsubscribeQuery = v.object({ token: optionalText(2000) });
export const unsubscribeBody = v.object({ token: optionalText(2000), 'List-Unsubscribe': optionalText(50) });

/**
 * A push service's address: https on a push service browsers use (push-services.ts), or plain
 * http on this machine's loopback, where the local stack's push stand-in listens (the service
 * takes that one on the local stage only).
 */
const pushEndpointField = v.pipe(
  v.string('endpoint is required'),
  v.trim(),
  v.maxLength(2000, pushEndpointMessage),
  v.check((endpoint) => pushServiceOf(endpoint, true) !== undefined, pushEndpointMessage),
);

/** The largest number of devices a shopper gets notifications on. */
export const maxPushDevices = 10;

/**
 * POST /user/push_subscriptions: a device's subscription as `PushSubscription.toJSON()` gives it:
 * the endpoint, the browser's P-256 public key (65 octets, uncompressed, so base64url starting
 * with `B`) and its 16-octet auth secret, both base64url without padding.
 */
export const pushSubscriptionBody = v.object({
  endpoint: pushEndpointField,
  p256dh: v.pipe(v.string('p256dh is required'), v.regex(/^B[A-Za-z0-9_-]{86}$/, "p256dh must be the browser's P-256 key")),
  auth: v.pipe(v.string('auth is required'), v.regex(/^[A-Za-z0-9_-]{22}$/, "auth must be the browser's 16-byte secret")),
});

/** POST /user/push_subscriptions/delete: the device's endpoint. */
export const pushUnsubscribeBody = v.object({ endpoint: pushEndpointField });

/** POST /user/push_devices: optionally the asking device's own endpoint, to mark it in the list. */
export const pushDevicesBody = v.object({ endpoint: optionalText(2000) });

/** POST /user/push_devices/delete: a device's id from the list. */
export const pushDeviceDeleteBody = v.object({
  id: v.pipe(v.string('id is required'), v.regex(/^[A-Za-z0-9_-]{22}$/, 'id must be a device of the list')),
});
