/**
 * The port to an SMS provider: one adapter per provider API (sms-net-bd.ts), found through the
 * registry (registry.ts), so that a second provider is its adapter and one line there. Adapters
 * answer in the shop's words: the message was accepted, or a `SmsError` saying whether it was
 * certainly not sent (`unavailable`, `refused`) or may have been (`unknown`).
 */

/** One text message to one Bangladeshi mobile number. */
export interface TextMessage {
  /** The number as the shop stores it: eleven national digits, `01XXXXXXXXX`. */
  to: string;
  /** Plain text, Bengali or English (a Bengali message is sent as Unicode). */
  text: string;
  /** Our id for what the message is about (a verification code's, an order's), for logs: never its text. */
  reference: string;
}

/** The provider took the message: its own id for it, to ask about delivery later. */
export interface SentMessage {
  provider: string;
  providerId: string;
}

/**
 * Why a message did not go:
 * - `unavailable`: the provider is unreachable, answered a server error or refused us as a client
 *   (credentials, balance, sender id): nothing was sent, a later attempt may work;
 * - `refused`: the provider refused this message for good (not a valid number, blocked content);
 * - `unknown`: the request may have reached the provider (a timeout after sending, an answer we
 *   cannot read): it must not be sent again blindly.
 */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused' | 'unknown',
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** One SMS provider's API, behind the port. */
export interface SmsProvider {
  /** Its name in the registry and in the stage setting `smsProvider` (SMS_PROVIDER): lower-case letters and digits. */
  readonly name: string;
  /** Sends one message once; never retries on its own. */
  send(message: TextMessage): Promise<SentMessage>;
}
