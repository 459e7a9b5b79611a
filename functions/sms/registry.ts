import type { SmsProvider } from './port';
import { smsNetBd } from './sms-net-bd';

/** The provider named `name` among `providers`; fails fast on a name none of them has. */
export function smsProviderNamed(providers: readonly SmsProvider[], name: string): SmsProvider {
  const provider = providers.find((candidate) => candidate.name === name);
  if (!provider) throw new Error(`The SMS provider "${name}" is not one of ${providers.map((candidate) => candidate.name).join(', ')}`);
  return provider;
}

/** Every SMS adapter, one line each: a new provider is its adapter file and its line here. */
export const smsProviders: readonly SmsProvider[] = [smsNetBd()];

/** The stage's SMS provider: the stage setting `smsProvider` (SMS_PROVIDER), sms.net.bd when it names none. */
export const smsProvider: SmsProvider = smsProviderNamed(smsProviders, process.env.SMS_PROVIDER || 'smsnetbd');
