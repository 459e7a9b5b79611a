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
}

/** Variables of the developer's or test runner's shell that tune the local functions (never set in the cloud). */
const tuning = ['LOGIN_WINDOW_SECONDS', 'POWERTOOLS_LOG_LEVEL'];

/**
 * The handler sources under functions/, each with the environment its row gets in the cloud
 * (infra/constructs/api.ts): the table for every row, the key ring only where `needsSecret` says,
 * the gateway key only where `needsGatewayKey` says, the upload bucket only where the row signs
 * uploads, none of them for the fallback.
 */
export function sourceFunctions(functionsDir: string, environment: LocalEnvironment): FunctionResolver {
  const shellTuning = Object.fromEntries(tuning.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
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
          ...shellTuning,
        },
        timeoutMs: 10_000,
      };
      cache.set(handler, fn);
    }
    return fn;
  };
}
