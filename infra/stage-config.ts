/**
 * Per-stage settings, committed in cdk.json under `stages.<stage>` so that a later deploy can
 * never fall back to a default: the AWS account and region the stage lives in, the shop's public
 * URL, the payment gateway, the top-up supplier, the SMS provider, the Google client, where alarms go. A `-c key=value`
 * on the command line overrides one setting for one synth, and passes the same checks. Secrets are
 * never settings: they live in Secrets Manager (the stage's keys, the gateway key, the supplier's
 * credentials, the SMS provider's key, the origin secret).
 */
export type StageName = 'dev' | 'prod';

export interface StageConfig {
  /** The 12-digit AWS account; a deploy with credentials of another account refuses to start. */
  account: string;
  /** The region of the API, table and functions (the edge pieces are in us-east-1 regardless). */
  region: string;
  /** The second region that holds the table's backup copies (prod); by default Singapore, or Mumbai for a stage in Singapore. */
  backupCopyRegion: string;
  /** The shop's public origin, e.g. https://shop.example.com: the links the gateway and Google send payers back to. */
  siteUrl: string;
  /** The payment gateway's base URL: UddoktaPay's (or a compatible install's), the first gateway. */
  gatewayUrl: string;
  /**
   * The gateway new checkouts open at, by its name in functions/gateway/registry.ts; `uddoktapay`
   * when the stage names none. A payment opened at another is still settled and refunded there.
   */
  paymentGateway: string;
  /** Every other gateway's base URL by its registry name (`{"sslcommerz": "https://…"}`); none by default. */
  gatewayUrls: Record<string, string>;
  /** The top-up supplier's base URL (Digiflazz's buyer API); `defaultSupplierUrl` when the stage gives none. */
  supplierUrl: string;
  /** The nickname lookup's base URL; empty when the stage gives none, and then the shop confirms without a name. */
  playerLookupUrl: string;
  /** The SMS provider's base URL; `defaultSmsUrl` (sms.net.bd's API) when the stage gives none. */
  smsUrl: string;
  /** The SMS provider, by its name in functions/sms/registry.ts; `smsnetbd` when the stage names none. */
  smsProvider: string;
  /**
   * Whether the delivery functions call the supplier from a fixed outbound address (a small VPC,
   * a NAT gateway and an Elastic IP: infra/constructs/supplier-egress.ts), which a supplier such as
   * Digiflazz whitelists. Prod's default; without it a supplier that demands one is not called and
   * its plans stay manual.
   */
  fixedSupplierAddress: boolean;
  /** The Google OAuth web client id. */
  googleClientId: string;
  /**
   * The sender of the shop's e-mail (verification and password links), `Name <address>` or a bare
   * address, on a domain verified as an SES identity in the stage's region; mail functions may
   * send as that domain only.
   */
  mailFrom: string;
  /** Who gets the alarms (an SNS e-mail subscription, confirmed once from the inbox). */
  alarmEmail: string;
  /** An ACM certificate in us-east-1 for siteUrl's host; required when that host is not CloudFront's own. */
  certificateArn?: string;
  /** Requests per second (and burst) for the whole API; /api/auth/* gets a tenth of it. */
  apiRateLimit: number;
  apiBurstLimit: number;
}

const required = [
  'account',
  'region',
  'siteUrl',
  'gatewayUrl',
  'googleClientId',
  'mailFrom',
  'alarmEmail',
  'apiRateLimit',
  'apiBurstLimit',
] as const;

/** The domain of a sender, `Name <no-reply@shop.com>` or `no-reply@shop.com`: its SES identity. */
export function mailDomainOf(mailFrom: string): string | undefined {
  return /^(?:[^<>]*<)?[^@\s<>]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)>?$/i.exec(mailFrom.trim())?.[1]?.toLowerCase();
}

/** The supplier when a stage names none: Digiflazz's buyer API, as functions/suppliers/digiflazz.ts defaults to. */
export const defaultSupplierUrl = 'https://api.digiflazz.com';

/** The SMS provider's API when a stage names none: sms.net.bd's, as functions/sms/sms-net-bd.ts defaults to. */
export const defaultSmsUrl = 'https://api.sms.net.bd';

/** Where backups are copied when a stage names no second region. */
const defaultBackupCopyRegion = 'ap-southeast-1';

/** Gateway hosts that take no real money: never acceptable for prod. */
const sandboxLike = /sandbox|localhost|127\.0\.0\.1|\.local\b|\.test\b|example\.|\.invalid\b|staging|demo/i;

/**
 * The settings of `stage`: cdk.json's `stages.<stage>` with any `-c` override of the same name.
 * Throws one error naming every problem: a missing setting, a malformed one, and for prod a
 * gateway, supplier, nickname lookup or SMS provider that looks like a sandbox, or a shop URL that is not https.
 */
export function stageConfig(stage: string, context: (key: string) => unknown): { stage: StageName; config: StageConfig } {
  if (stage !== 'dev' && stage !== 'prod') throw new Error(`Unknown stage "${stage}": use -c stage=dev or -c stage=prod`);
  const committed = ((context('stages') ?? {}) as Record<string, Record<string, unknown>>)[stage] ?? {};
  const setting = (key: string) => context(key) ?? committed[key];
  const problems: string[] = [];
  for (const key of required) {
    const value = setting(key);
    if (value === undefined || value === null || String(value).trim() === '') problems.push(`${key} is missing`);
  }
  const config: StageConfig = {
    account: String(setting('account') ?? ''),
    region: String(setting('region') ?? ''),
    backupCopyRegion: String(
      setting('backupCopyRegion') || (setting('region') === defaultBackupCopyRegion ? 'ap-south-1' : defaultBackupCopyRegion),
    ),
    siteUrl: String(setting('siteUrl') ?? '').replace(/\/+$/, ''),
    gatewayUrl: String(setting('gatewayUrl') ?? '').replace(/\/+$/, ''),
    paymentGateway: String(setting('paymentGateway') || 'uddoktapay'),
    gatewayUrls: urlsByName(setting('gatewayUrls'), problems),
    supplierUrl: String(setting('supplierUrl') || defaultSupplierUrl).replace(/\/+$/, ''),
    playerLookupUrl: String(setting('playerLookupUrl') ?? '').replace(/\/+$/, ''),
    smsUrl: String(setting('smsUrl') || defaultSmsUrl).replace(/\/+$/, ''),
    smsProvider: String(setting('smsProvider') || 'smsnetbd'),
    fixedSupplierAddress: flag(setting('fixedSupplierAddress'), stage === 'prod'),
    googleClientId: String(setting('googleClientId') ?? ''),
    mailFrom: String(setting('mailFrom') ?? '').trim(),
    alarmEmail: String(setting('alarmEmail') ?? ''),
    certificateArn: setting('certificateArn') ? String(setting('certificateArn')) : undefined,
    apiRateLimit: Number(setting('apiRateLimit')),
    apiBurstLimit: Number(setting('apiBurstLimit')),
  };
  if (config.account && !/^\d{12}$/.test(config.account)) problems.push('account must be a 12-digit AWS account id');
  if (config.region && !/^[a-z]{2}(-[a-z]+)+-\d$/.test(config.region)) problems.push('region must be an AWS region such as ap-south-1');
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(config.backupCopyRegion) || config.backupCopyRegion === config.region)
    problems.push('backupCopyRegion must be an AWS region other than region');
  for (const key of ['siteUrl', 'gatewayUrl', 'supplierUrl', 'playerLookupUrl', 'smsUrl'] as const) {
    if (config[key] && !/^https:\/\/[^/\s]+$/.test(config[key])) problems.push(`${key} must be an https origin without a path`);
  }
  if (config.googleClientId && !config.googleClientId.endsWith('.apps.googleusercontent.com'))
    problems.push('googleClientId must be a Google OAuth client id (….apps.googleusercontent.com)');
  if (config.mailFrom && !mailDomainOf(config.mailFrom))
    problems.push('mailFrom must be an e-mail address, or Name <address>, on a domain verified in SES');
  if (config.alarmEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.alarmEmail)) problems.push('alarmEmail must be an e-mail address');
  for (const key of ['apiRateLimit', 'apiBurstLimit'] as const) {
    if (!(config[key] > 0)) problems.push(`${key} must be a positive number`);
  }
  const siteHost = /^https:\/\/([^/:]+)/.exec(config.siteUrl)?.[1];
  if (siteHost && !siteHost.endsWith('.cloudfront.net') && !config.certificateArn) {
    problems.push(`siteUrl ${config.siteUrl} is not CloudFront's own domain: give certificateArn (ACM, us-east-1) for ${siteHost}`);
  }
  if (config.certificateArn && !/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(config.certificateArn)) {
    problems.push('certificateArn must be an ACM certificate in us-east-1 (CloudFront takes no other)');
  }
  if (stage === 'prod' && sandboxLike.test(config.gatewayUrl))
    problems.push(`gatewayUrl ${config.gatewayUrl} looks like a sandbox: prod takes real payments`);
  for (const [name, url] of Object.entries(config.gatewayUrls)) {
    if (!/^[a-z0-9]+$/.test(name) || name === 'uddoktapay') problems.push(`gatewayUrls names "${name}": another gateway's registry name`);
    if (!/^https:\/\/[^/\s]+$/.test(url)) problems.push(`gatewayUrls.${name} must be an https origin without a path`);
    else if (stage === 'prod' && sandboxLike.test(url))
      problems.push(`gatewayUrls.${name} ${url} looks like a sandbox: prod takes real payments`);
  }
  if (config.paymentGateway !== 'uddoktapay' && !(config.paymentGateway in config.gatewayUrls))
    problems.push(`paymentGateway "${config.paymentGateway}" must be uddoktapay or a gateway named in gatewayUrls`);
  for (const key of ['supplierUrl', 'playerLookupUrl'] as const) {
    if (stage === 'prod' && sandboxLike.test(config[key]))
      problems.push(`${key} ${config[key]} looks like a sandbox or a stand-in: prod delivers real top-ups`);
  }
  if (!/^[a-z0-9]+$/.test(config.smsProvider)) problems.push(`smsProvider "${config.smsProvider}" must be an SMS provider's registry name`);
  if (stage === 'prod' && sandboxLike.test(config.smsUrl))
    problems.push(`smsUrl ${config.smsUrl} looks like a sandbox or a stand-in: prod sends real text messages`);
  if (problems.length > 0)
    throw new Error(`Stage ${stage} is not configured (cdk.json "stages.${stage}", or -c):\n  - ${problems.join('\n  - ')}`);
  return { stage, config };
}

/** A setting of base URLs by name: an object in cdk.json, or its JSON text as `-c` gives it; none when absent. */
function urlsByName(value: unknown, problems: string[]): Record<string, string> {
  if (value === undefined || value === null || value === '') return {};
  let parsed: unknown = value;
  try {
    if (typeof value === 'string') parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push('gatewayUrls must be an object of base URLs by gateway name');
    return {};
  }
  return Object.fromEntries(Object.entries(parsed).map(([name, url]) => [name, String(url).replace(/\/+$/, '')]));
}

/** A setting that is on or off: true, false, or their text as `-c` gives it; `fallback` when absent. */
function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  return value === true || String(value).toLowerCase() === 'true';
}

/** The host name of an origin such as https://shop.example.com. */
export const hostOf = (origin: string) => new URL(origin).host;

/** What the committed placeholders look like: an account no deploy reaches, and `replace-with-…` values. */
const placeholder = /replace-with|^0{12}$|^0{12}-/;

/**
 * What still stands between a synthesizable stage and a working deploy: settings still holding the
 * committed placeholders. Synth accepts them (tests and reviews synthesize both stages offline);
 * `npm run deploy:check` refuses them, since with them payments, Google sign-in, mail and alarms
 * would go nowhere.
 */
export function placeholderSettings(config: StageConfig): string[] {
  return (Object.entries(config) as [keyof StageConfig, unknown][])
    .filter(([, value]) => typeof value === 'string' && placeholder.test(value))
    .map(([key, value]) => `${key} is still the placeholder ${String(value)}`);
}
