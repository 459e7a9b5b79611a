/// <reference path="../../../web/src/lib/po.d.ts" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { claimOutcomeMessages, claimWords } from '../../../functions/orders/claim-rules';
import { collectServerMessages, icuOf } from '../../support/tools/server-messages';

/**
 * The SPA's one table of the server's messages (web/src/lib/server-messages/*.po): the API
 * answers in English (its contract), the shop shows each known message in its own language.
 * This test collects, from the server's sources (test/support/tools/server-messages.ts) and the
 * contract, every message it can answer, and holds the table to them.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const at = (path: string) => join(root, path);

// ---------------------------------------------------------------------------------------------
// The contract's own words, and what reaches the SPA from outside the functions.
// ---------------------------------------------------------------------------------------------

/**
 * The messages the API contract quotes (`"message":"…"`, `message "…"`, `409 \`…\``), read from the
 * repo's copy of the contract (docs/api-contract.md, kept equal to the pinned one by the docs test).
 */
function contractMessages(): string[] {
  const text = readFileSync(at('docs/api-contract.md'), 'utf8').replace(/\s+/g, ' ');
  const found = new Set<string>();
  for (const [, message] of text.matchAll(/"message":"([^"]+)"/g)) found.add(message!);
  for (const [, message] of text.matchAll(/\bmessage "([^"]+)"/g)) found.add(message!);
  for (const [, quoted] of text.matchAll(/\b[45]\d\d ((?:`[^`]+`(?: \/ )?)+)/g))
    for (const [, message] of quoted!.matchAll(/`([^`]+)`/g)) found.add(message!);
  // The envelope table's own placeholders ("…", "<first problem, human readable>") are no messages.
  return [...found].filter((message) => !/^[…<]/.test(message));
}

/**
 * Messages the SPA shows as the server's that no function sends: the API client's own (lib/api.ts),
 * the browsers' words for a failed fetch, the platform's answers in front of the functions (API
 * Gateway's `{"message": …}`, a status text where the body is not JSON), and the built-in closed
 * message of a stage without settings (`errorMessage` of shop_status).
 */
const beyondTheFunctions = [
  // lib/api.ts
  'Please login to continue',
  'Network error',
  // lib/presigned-upload.ts and lib/upload-rules.ts: the file store's answers and the browser's own check
  'The upload was refused (its permit may have run out): try again',
  'The upload failed: check the connection and try again',
  'The upload was stopped',
  'The file is empty',
  // fetch() failing: Chrome, Firefox, Safari
  'Failed to fetch',
  'NetworkError when attempting to fetch resource.',
  'Load failed',
  // API Gateway and HTTP status texts
  'Internal Server Error',
  'Service Unavailable',
  'Bad Gateway',
  'Gateway Timeout',
  'Not Found',
  'Too Many Requests',
  'Payload Too Large',
  'Unauthorized',
  // functions/content/service.ts: the settings of a stage nobody has configured
  'The shop is not open yet. Please come back soon.',
  // functions/orders/views.ts: an order's timeline remarks, shown as data (lib/server-messages.ts useServerWords)
  'From the wallet',
  'Through the payment gateway',
  'Through the payment gateway, after the order was cancelled',
  'The payment provider is confirming your payment',
  'Sent to the game',
  'Your code is below',
  'Your codes are below',
  // functions/payments/settlement.ts: a cancelled payment's reason as stored (a top-up's row, an order's timeline)
  'expired',
  'Cancelled by you',
  // The shop's words in a report's thread, shown as data (orders/components/order-claim.tsx).
  ...Object.values(claimWords),
  // A new report's answer (orders/views.ts raisedClaimView).
  ...new Set(Object.values(claimOutcomeMessages)),
];

/**
 * The sinks whose message (or one of its alternatives) is not text of the sources, each with why
 * that is right. A new one fails the test: find where its words come from and collect them there.
 */
const knownDynamic: Record<string, string> = {
  'functions/promotions/service.ts new Invalid(refusal)': 'a promo code refusal: collected from promoRefusals in rules.ts',
  'functions/gateway/port.ts new Conflict(this.message)': "a GatewayError's message: collected where each is made (uddoktapay.ts)",
  'functions/gateway/uddoktapay.ts new GatewayError( typeof answer.message':
    "the payment gateway's own words in its refusal (a third party's text); our fallback is collected",
  'functions/gateway/uddoktapay.ts new GatewayError(typeof answer.message':
    "the payment gateway's own words for an unknown invoice (a third party's text); our fallback is collected",
  'functions/http/stack.ts envelope': "an AppError's message: collected where each is made",
  'functions/orders/handlers/raise-claim.ts success': "a new report's outcome message: collected from claimOutcomeMessages",
  'functions/orders/handlers/raise-guest-claim.ts success': "a new report's outcome message: collected from claimOutcomeMessages",
  'functions/orders/service.ts new Conflict(settings?.closedMessage': "the shop's closed message as the operator wrote it (site settings)",
  'functions/orders/guest-code-checkout.ts new Conflict(settings?.closedMessage':
    "the shop's closed message as the operator wrote it (site settings)",
  'functions/vouchers/service.ts new Conflict(settings?.closedMessage':
    "the shop's closed message as the operator wrote it (site settings)",
  'functions/shared/validation.ts new Invalid(result.issues[0]?.message': "a schema's message: collected from the valibot calls",
  'functions/orders/service.ts new Conflict(blocked)':
    "a move rule's reason (orders/order-rules.ts moveBlocked, movedSinceSeen): collected through the calls; their undefined is never thrown",
  'functions/orders/holds.ts new Conflict(inTheWay)': "refundInTheWay's reason (orders/order-rules.ts): collected through moveBlocked",
  'functions/payments/refunds.ts new Conflict(moved)': "movedSinceSeen's reason (orders/order-rules.ts): collected through the call",
  'functions/payments/refunds.ts new Conflict(delivering)': "deliveryInTheWay's reason (orders/order-rules.ts): collected through the call",
  'functions/payments/refunds.ts new Conflict((current && deliveryInTheWay(current))':
    "deliveryInTheWay's reason (orders/order-rules.ts), or the literal beside it: collected through the call",
};

const tableDir = at('web/src/lib/server-messages');

/** A PO file's entries: msgid → msgstr (the format the catalogs use: one line each, `\"` escapes). */
function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line) as string;
  let id: string | undefined;
  let field: 'id' | 'str' | undefined;
  let str = '';
  const flush = () => {
    if (id !== undefined && id !== '') {
      if (entries.has(id)) throw new Error(`${file}: ${id} twice`);
      entries.set(id, str);
    }
    id = undefined;
    str = '';
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"')) {
      if (field === 'id') id += unquote(line);
      else str += unquote(line);
    }
  }
  flush();
  return entries;
}

/** The placeholders of an ICU message: {0}, {1}, … */
const placeholders = (message: string) => [...message.replace(/'[{}]+'/g, '').matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort();

const collected = collectServerMessages();
const fromContract = contractMessages();
const icuOfText = (text: string) => icuOf([text]);
const expected = new Map<string, string[]>(collected.messages);
for (const message of fromContract) expected.set(icuOfText(message), [...(expected.get(icuOfText(message)) ?? []), 'api-contract.md']);
const en = readPo(join(tableDir, 'en.po'));
const bn = readPo(join(tableDir, 'bn.po'));

describe('the server messages table', () => {
  it('collects the messages of the functions and the contract', () => {
    console.info(
      `server messages: ${collected.messages.size} collected from ${collected.files} files of functions/, ${fromContract.length} quoted by the contract, ${expected.size} in all`,
    );
    // What the collector finds today: a change that makes it blind (a renamed error class, a new way of
    // writing messages) shows here before it lets an untranslated message through.
    expect(collected.messages.size).toBeGreaterThanOrEqual(290);
    expect(fromContract.length).toBeGreaterThanOrEqual(11);
    for (const message of [
      'Insufficient balance',
      'Quantity must be between {0} and {1}',
      'Min length must be five',
      'Saved',
      'Order is already refunded',
    ])
      expect(expected.has(message), message).toBe(true);
  });

  it('knows where every message it cannot read comes from', () => {
    const unexplained = [...collected.dynamic].filter((sink) => {
      const [file, ...rest] = sink.split(' ');
      const key = `${file!.replace(/:\d+$/, '')} ${rest.join(' ')}`;
      return !Object.keys(knownDynamic).some((known) => key.startsWith(known));
    });
    expect(unexplained).toEqual([]);
    // And every explanation is still needed.
    for (const known of Object.keys(knownDynamic))
      expect(
        [...collected.dynamic].some((sink) => {
          const [file, ...rest] = sink.split(' ');
          return `${file!.replace(/:\d+$/, '')} ${rest.join(' ')}`.startsWith(known);
        }),
        known,
      ).toBe(true);
  });

  it('has an entry for every message the server can answer', () => {
    const missing = [...expected].filter(([id]) => !bn.has(id) || !en.has(id)).map(([id, from]) => `${id}  (${from[0]})`);
    expect(missing, 'messages with no entry in web/src/lib/server-messages/*.po').toEqual([]);
  });

  it('has no entry the server cannot answer', () => {
    const beyond = new Set(beyondTheFunctions.map(icuOfText));
    const stale = [...bn.keys()].filter((id) => !expected.has(id) && !beyond.has(id));
    expect(stale, 'entries no source sends (remove them, or name their source in beyondTheFunctions)').toEqual([]);
    for (const message of beyondTheFunctions) expect(bn.has(icuOfText(message)), message).toBe(true);
  });

  it('has the same ids in English and Bengali, English as sent and Bengali with the same placeholders', () => {
    expect([...en.keys()].sort()).toEqual([...bn.keys()].sort());
    for (const [id, english] of en) expect(english, id).toBe(id);
    for (const [id, bengali] of bn) {
      expect(bengali, id).not.toBe('');
      expect(placeholders(bengali), id).toEqual(placeholders(id));
    }
  });
});

describe('translateServerMessage', () => {
  it('shows a known message in Bengali, with its numbers in Bengali digits, and passes the rest through', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    const { loadMessages, switchLocale } = await import('../../../web/src/lib/i18n');
    const { shellMessages } = await import('../../../web/src/app/messages');
    await loadMessages(shellMessages);
    const { loadServerMessages, translateServerMessage } = await import('../../../web/src/lib/server-messages');
    // English: the server's words, without loading the table.
    expect(translateServerMessage('Insufficient balance')).toBe('Insufficient balance');
    await switchLocale('bn');
    await loadServerMessages();
    expect(translateServerMessage('Insufficient balance')).toBe(bn.get('Insufficient balance'));
    expect(translateServerMessage('Quantity must be between 1 and 10')).toBe('পরিমাণ ১ থেকে ১০-এর মধ্যে হতে হবে।');
    expect(translateServerMessage('Add between ৳10 and ৳25,000 at a time')).toBe('একবারে ৳১০ থেকে ৳২৫,০০০ পর্যন্ত যোগ করা যায়।');
    expect(translateServerMessage('Too many failed attempts. Please try again in 15 minutes.')).toBe(
      'অনেকবার ভুল চেষ্টা হয়েছে। ১৫ মিনিট পরে আবার চেষ্টা করুন।',
    );
    // An email is a value that stays as typed.
    expect(translateServerMessage('We sent a link to rahim@example.com')).toBe('rahim@example.com-এ একটি লিংক পাঠানো হয়েছে।');
    // The most specific entry wins over a general one.
    expect(translateServerMessage('Plan not found')).toBe(bn.get('Plan not found'));
    expect(translateServerMessage('Social links are a JSON list of {name, url}')).toContain('{name, url}');
    // Unknown words (an operator's closed message) come through as they are.
    expect(translateServerMessage('Closed for Eid, back on Sunday')).toBe('Closed for Eid, back on Sunday');
    await switchLocale('en');
    expect(translateServerMessage('Quantity must be between 1 and 10')).toBe('Quantity must be between 1 and 10');
    vi.unstubAllGlobals();
  });
});
