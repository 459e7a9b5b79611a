import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { gatewayKeyPlaceholder } from '../../functions/shared/config';
import { acknowledge } from '../nag';

export interface StageSecretsProps {
  /** Keep the secrets when the stack goes: prod. */
  retain: boolean;
}

/**
 * The stage's eight secrets, each granted only to the functions that need it:
 * - `keys`: the key ring that session tokens and sealed values are made from, JSON
 *   `{"current": "<id>", "<id>": "<64 letters and digits>", …}` (functions/shared/secrets.ts).
 *   Generated at creation as key `master`; rotating adds a key and moves `current`, old keys stay
 *   for reading.
 * - `gatewayKey`: the payment gateway's API key, a plain string, created as a placeholder that the
 *   functions refuse (503) until the operator sets the real key (README, Deploy).
 * - `supplier`: the top-up supplier's credentials, JSON `{"username", "apiKey", "webhookSecret"}`,
 *   created with placeholders that the functions refuse: until the operator sets the real ones,
 *   automatic deliveries go to the operators' queue (README, Deploy).
 * - `lookup`: the nickname lookup's own key, JSON `{"key"}`, created with a placeholder: until the
 *   operator sets the key the lookup service gave, nickname checks are unavailable and the shop
 *   confirms without a name. Apart from the supplier's on purpose: no supplier credential reaches it.
 * - `sms`: the SMS provider's credentials, JSON `{"apiKey", "senderId"}` (an empty sender id is the
 *   provider's default, non-masking sender), created with a placeholder key: until the operator
 *   sets the key from the provider's panel, no text message is sent (docs/notifications/sms.md).
 * - `vapid`: the Web Push VAPID key pair and contact, JSON `{"publicKey", "privateKey", "subject"}`
 *   (base64url keys, `npx web-push generate-vapid-keys`), created with placeholders: until the
 *   operator sets real ones the shop offers no push on devices, and mails still go (README, Deploy).
 * - `telegramBot`: the operators' Telegram bot, JSON `{"botToken"}`, created with a placeholder:
 *   until the operator sets the token BotFather gave, alerts are marked skipped (README, Operator
 *   alerts). Only the outbox's consumer reads it.
 * - `originVerify`: the value CloudFront sends in x-origin-verify and the API functions expect;
 *   both read it through CloudFormation dynamic references at deploy.
 */
export class StageSecrets extends Construct {
  readonly keys: Secret;
  readonly gatewayKey: Secret;
  readonly supplier: Secret;
  readonly lookup: Secret;
  readonly sms: Secret;
  readonly vapid: Secret;
  readonly telegramBot: Secret;
  readonly originVerify: Secret;

  constructor(scope: Construct, id: string, { retain }: StageSecretsProps) {
    super(scope, id);
    const removalPolicy = retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.keys = new Secret(this, 'Keys', {
      description: 'Storefront key ring: session tokens and data sealed at rest (current key id and every key still readable)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ current: 'master' }),
        generateStringKey: 'master',
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy,
    });
    this.gatewayKey = new Secret(this, 'GatewayKey', {
      description: 'Payment gateway API key (RT-UDDOKTAPAY-API-KEY); the placeholder is refused until the real key is put here',
      secretStringValue: SecretValue.unsafePlainText(gatewayKeyPlaceholder),
      removalPolicy,
    });
    this.supplier = new Secret(this, 'Supplier', {
      description:
        'Top-up supplier credentials (Digiflazz username, API key, webhook secret) as JSON; the placeholders are refused until the real ones are put here',
      secretStringValue: SecretValue.unsafePlainText(
        JSON.stringify({ username: gatewayKeyPlaceholder, apiKey: gatewayKeyPlaceholder, webhookSecret: gatewayKeyPlaceholder }),
      ),
      removalPolicy,
    });
    this.lookup = new Secret(this, 'PlayerLookup', {
      description: 'Nickname lookup key as JSON {"key"}; the placeholder is refused (no nickname checks) until the real one is put here',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ key: gatewayKeyPlaceholder })),
      removalPolicy,
    });
    this.sms = new Secret(this, 'Sms', {
      description:
        'SMS provider credentials (sms.net.bd API key, approved sender id or empty) as JSON {"apiKey","senderId"}; the placeholder sends nothing until the real key is put here',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ apiKey: gatewayKeyPlaceholder, senderId: '' })),
      removalPolicy,
    });
    this.vapid = new Secret(this, 'Vapid', {
      description:
        'Web Push VAPID key pair (base64url) and contact as JSON; the placeholders are refused (no push offered) until real ones are put here',
      secretStringValue: SecretValue.unsafePlainText(
        JSON.stringify({ publicKey: gatewayKeyPlaceholder, privateKey: gatewayKeyPlaceholder, subject: gatewayKeyPlaceholder }),
      ),
      removalPolicy,
    });
    this.telegramBot = new Secret(this, 'TelegramBot', {
      description:
        'Operators\' Telegram bot token (from BotFather) as JSON {"botToken"}; the placeholder sends no alert until the real one is put here',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ botToken: gatewayKeyPlaceholder })),
      removalPolicy,
    });
    this.originVerify = new Secret(this, 'OriginVerify', {
      description: 'Value of the x-origin-verify header that CloudFront adds and the API requires',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy,
    });
    for (const secret of [
      this.keys,
      this.gatewayKey,
      this.supplier,
      this.lookup,
      this.sms,
      this.vapid,
      this.telegramBot,
      this.originVerify,
    ]) {
      acknowledge(secret, [
        {
          id: 'AwsSolutions-SMG4',
          reason:
            'Rotated by hand on the documented schedule: a key ring keeps old keys readable, the gateway key, the supplier credentials, the lookup key, the SMS key and the bot token come from their panels, new VAPID keys mean every device subscribes again, the origin secret changes with a deploy',
        },
      ]);
    }
  }
}
