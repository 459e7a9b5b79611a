/**
 * Rules and constants that the server enforces and the web checks before sending, in one place.
 * Pure: no imports, so that both the Lambda bundles and the SPA can carry it.
 */

/** The minimum password length (spec §5). */
export const minPasswordLength = 5;

/** The mobile number a Google registration carries (spec §9): ten nines, exempt from uniqueness. */
export const googlePlaceholderMobile = '9999999999';

/**
 * One form of a mobile number: without spaces, dashes or brackets, and a Bangladeshi number
 * (`+8801…`, `8801…`, `01…`, `1…`) as its eleven national digits `01XXXXXXXXX`, so that every way
 * of writing it claims, and logs in to, the same account.
 */
export function normalizeMobile(mobileNo: string): string {
  const compact = mobileNo.replace(/[\s\-()]/g, '');
  const bangladeshi = /^(?:\+?880|0)?(1[3-9]\d{8})$/.exec(compact);
  return bangladeshi ? `0${bangladeshi[1]}` : compact;
}

/** Emails compare trimmed and case-insensitively. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A player ID as it is counted and blocked: trimmed and lower-cased (a player ID with letters is one ID in any case). */
export const normalizePlayerId = (playerId: string) => playerId.trim().toLowerCase();

/** A Bangladeshi mobile number in the shop's stored form, `01XXXXXXXXX`: the only numbers the shop can text (and verify). */
export const isBangladeshiMobile = (mobileNo: string) => /^01[3-9]\d{8}$/.test(mobileNo);

/** A guest's contact for the receipt and the order link, in the shop's kept form. */
export interface GuestContact {
  kind: 'email' | 'mobile';
  value: string;
}

/**
 * A guest's contact as the shop keeps it: an e-mail address (trimmed, lower case) or a Bangladeshi
 * mobile number (01XXXXXXXXX); undefined for anything else.
 */
export function guestContactOf(typed: string): GuestContact | undefined {
  const trimmed = typed.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) && trimmed.length <= 254) return { kind: 'email', value: normalizeEmail(trimmed) };
  const mobile = normalizeMobile(trimmed);
  return isBangladeshiMobile(mobile) ? { kind: 'mobile', value: mobile } : undefined;
}

/** A code texted to prove a mobile number: its digits, its lifetime, and how long before another may be asked for. */
export const mobileCodeRules = { digits: 6, lifetimeMinutes: 10, maxTries: 5, resendGapSeconds: 60 } as const;

/** A texted code as typed: spaces and dashes dropped, Bengali digits read as digits; undefined unless six digits remain. */
export function typedMobileCode(typed: string): string | undefined {
  const digits = typed.replace(/[\s-]/g, '').replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
  return new RegExp(`^\\d{${mobileCodeRules.digits}}$`).test(digits) ? digits : undefined;
}

/** What an operator can block from buying: a game's player ID, a mobile number, an e-mail address, a device id, a payer's number. */
export const blockKinds = ['player', 'mobile', 'email', 'device', 'payer'] as const;

/** The identities a velocity rule may count by (the first-party device id and the client address included). */
export const riskKeyKinds = ['account', 'player', 'mobile', 'device', 'address'] as const;

/** The windows a velocity rule counts in: a clock hour (UTC) or a Dhaka day. */
export const velocityWindows = ['hour', 'day'] as const;

/** How much one wallet top-up may add, unless the stage's configuration says otherwise (site settings carry the stage's). */
export const defaultTopUpLimits = { min: 10, max: 25_000 } as const;

/** How many codes one voucher order may buy (spec §9). */
export const voucherQuantity = { min: 1, max: 10 } as const;

/** Whether a quantity may be ordered: a whole number within `voucherQuantity`. */
export const isOrderableQuantity = (qty: number) => Number.isInteger(qty) && qty >= voucherQuantity.min && qty <= voucherQuantity.max;

/** The game-account types a login top-up accepts (spec §5). */
export const accountTypes = ['FB', 'Google', 'VK', 'Twitter'] as const;

/** Groups titled "UID TOPUP" (any case) need only the player ID; the rest a game-account login. */
export const isPlayerIdGroup = (groupName: string) => groupName.trim().toUpperCase() === 'UID TOPUP';

/** The order payload's game-account fields (spec §3). */
export interface OrderAccountFields {
  saccount_type?: string;
  saccount_id?: string;
  saccount_password?: string;
  backup_code?: string;
}

/** How a game's player IDs look: digits, from `min_digits` to `max_digits` of them. */
export interface PlayerIdFormat {
  min_digits: number;
  max_digits: number;
}

/** "Player ID must be 8 to 11 digits" (or "11 digits" when both bounds agree). */
export const playerIdFormatMessage = ({ min_digits, max_digits }: PlayerIdFormat) =>
  `Player ID must be ${min_digits === max_digits ? min_digits : `${min_digits} to ${max_digits}`} digits`;

/**
 * The order form's rules with the spec's messages, keyed by payload field: a player-ID group
 * needs the player ID, of its game's format when it states one; any other an account type of
 * FB, Google, VK or Twitter, an email or ID and a password; the backup code is optional. Empty
 * when the fields are complete.
 */
export function orderAccountProblems(
  playerIdGroup: boolean,
  fields: OrderAccountFields,
  format?: PlayerIdFormat | null,
): Partial<Record<keyof OrderAccountFields, string>> {
  const problems: Partial<Record<keyof OrderAccountFields, string>> = {};
  if (playerIdGroup) {
    const playerId = fields.saccount_id?.trim() ?? '';
    if (!playerId) problems.saccount_id = 'Please fill player ID';
    else if (format && !new RegExp(`^\\d{${format.min_digits},${format.max_digits}}$`).test(playerId))
      problems.saccount_id = playerIdFormatMessage(format);
    return problems;
  }
  if (!accountTypes.some((type) => type.toLowerCase() === fields.saccount_type?.trim().toLowerCase()))
    problems.saccount_type = 'Please choose account type';
  if (!fields.saccount_id?.trim()) problems.saccount_id = 'Please fill email';
  if (!fields.saccount_password) problems.saccount_password = 'Please fill password';
  return problems;
}

/** An image or logo as stored: a path on the shop's origin (/uploads/…, /images/…) or an https URL. */
export const imageReferencePattern = /^(\/(?!\/)[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/;

/** The image types an operator may upload, with their file extensions: never SVG or HTML, which can carry script. */
export const uploadTypes = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** The largest image upload. */
export const maxUploadBytes = 2 * 1024 * 1024;

/** The key of a shopper's uploaded screenshot: evidence/<user id>/<random name>.<type> (functions/orders/evidence.ts). */
export const evidenceKeyPattern = /^evidence\/[A-Za-z0-9_-]{1,64}\/[a-z0-9]{16}\.(png|jpg|webp)$/;

/** What the server and the console say of a file they refuse as an upload. */
export const uploadMessages = {
  type: 'Only PNG, JPEG or WebP images can be uploaded',
  size: 'An image must be at most 2 MB',
} as const;
