import { join } from 'node:path';
import { type Route, fallbackHandler, handlerModule, needsGatewayKey, needsSecret } from '../../functions/routes';
import type { FunctionResolver } from './api-adapter';
import type { LocalFunction } from './function-host';

/** The environment of the local stack's functions, in the parts a route row grants or not. */
export interface LocalEnvironment {
  /** What every function gets: the stage's settings (SITE_URL among them), the origin secret, the AWS endpoints and credentials. */
  common: Record<string, string>;
  /** What a function with table access gets (TABLE_NAME). */
  table: Record<string, string>;
  /** What a function granted the key ring gets (its value, since there is no Secrets Manager here). */
  secret: Record<string, string>;
  /** What a function granted the gateway's API key gets. */
  gatewayKey: Record<string, string>;
  /** What a function that signs uploads gets: the bucket, and the local file store as its S3 endpoint. */
  uploads: Record<string, string>;
  /** What a function that sends mail gets: the sender, and the local SES emulator as its endpoint. */
  mail: Record<string, string>;
}

/** Variables of the developer's or test runner's shell that tune the local functions (never set in the cloud). */
const tuning = ['LOGIN_WINDOW_SECONDS', 'REGISTER_LIMIT_PER_ADDRESS', 'CHECKOUT_LIMIT_PER_ADDRESS', 'RECONCILE_MIN_AGE_SECONDS', 'POWERTOOLS_LOG_LEVEL'];

/** The tuning variables set in this process's environment. */
const shellTuningOf = () => Object.fromEntries(tuning.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

/**
 * The handler sources under functions/, each with the environment its row gets in the cloud
 * (infra/constructs/api.ts): the table for every row, the key ring only where `needsSecret` says,
 * the gateway key only where `needsGatewayKey` says, the upload bucket only where the row signs
 * uploads, none of them for the fallback.
 */
export function sourceFunctions(functionsDir: string, environment: LocalEnvironment): FunctionResolver {
  const shellTuning = shellTuningOf();
  const cache = new Map<string, LocalFunction>();
  return (route: Route | undefined) => {
    const handler = route?.handler ?? fallbackHandler;
    let fn = cache.get(handler);
    if (!fn) {
      fn = {
        name: `local-${handler.replace('/', '-')}`,
        module: join(functionsDir, handlerModule(handler)),
        environment: {
          ...environment.common,
          ...(route ? environment.table : {}),
          ...(route && needsSecret(route) ? environment.secret : {}),
          ...(route && needsGatewayKey(route) ? environment.gatewayKey : {}),
          ...(route?.uploads ? environment.uploads : {}),
          ...(route?.mail ? environment.mail : {}),
          ...shellTuning,
        },
        timeoutMs: 10_000,
      };
      cache.set(handler, fn);
    }
    return fn;
  };
}

/**
 * The payments reconciler as the local stack runs it: the same module as the scheduled Lambda,
 * with the environment the cloud gives it (the table, the secret).
 */
export function reconcilerFunction(functionsDir: string, environment: LocalEnvironment): LocalFunction {
  return {
    name: 'local-payments-reconcile-payments',
    module: join(functionsDir, 'payments/jobs/reconcile-payments.ts'),
    environment: { ...environment.common, ...environment.table, ...environment.secret, ...shellTuningOf() },
    timeoutMs: 120_000,
  };
}
