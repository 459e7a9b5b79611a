/**
 * What each function is granted, derived from its row (or its job's entry): its use of the table,
 * the secrets and services it gets, and the value that tells which rows share an execution role.
 */
import { partitionScopes } from './partitions';
import type { Route, WriteAction } from './route';

/** A function's use of the table: the writes it makes, and for a row anyone can call the partitions and indexes it may touch. */
export interface TableGrant {
  writes: readonly WriteAction[];
  /** Partition key patterns it may read (IAM `dynamodb:LeadingKeys` on its reads); absent: any partition. */
  readKeys?: readonly string[];
  /** Partition key patterns it may write; absent: any partition. */
  writeKeys?: readonly string[];
  /** The indexes it may query; absent: all of them. */
  indexes?: readonly string[];
}

/** What a row's function may do with the table: its writes, and for a row anyone can call its partitions. */
export function tableGrantOf(row: Pick<Route, 'writes' | 'partitions'>): TableGrant {
  const scope: { read?: readonly string[]; write?: readonly string[]; indexes?: readonly string[] } | undefined = row.partitions
    ? partitionScopes[row.partitions]
    : undefined;
  return { writes: row.writes ?? [], readKeys: scope?.read, writeKeys: scope?.write, indexes: scope?.indexes };
}

/**
 * Everything a row's function is granted, as one comparable value: rows sharing a handler (a read
 * and its GET twin) must agree on it, and rows with the same value share an execution role.
 */
export const functionGrantsOf = (row: Route) =>
  JSON.stringify([
    row.access,
    tableGrantOf(row),
    needsSecret(row),
    needsGatewayKey(row),
    needsSupplier(row),
    needsLookup(row),
    needsSms(row),
    needsVapid(row),
    row.uploads,
    row.mail,
    row.invalidates,
  ]);

/** Whether a route's function gets the key ring: user and admin routes (to verify tokens), and those that ask. */
export const needsSecret = (route: Route) => route.access === 'user' || route.access === 'admin' || route.secret === true;

/** Whether a function gets the VAPID keys (a route row or the outbox's consumer). */
export const needsVapid = (route: Pick<Route, 'push'>) => route.push === true;

/** Whether a route's function gets the gateway's API key. */
export const needsGatewayKey = (route: Route) => route.gateway === true;

/** Whether a route's function gets the supplier's credentials and addresses. */
export const needsSupplier = (route: object) => 'supplier' in route && route.supplier === true;

/** Whether a route's function gets the nickname lookup's key and address. */
export const needsLookup = (route: Pick<Route, 'lookup'>) => route.lookup === true;

/** Whether a route's function gets the SMS provider's credentials, address and name. */
export const needsSms = (route: Pick<Route, 'sms'>) => route.sms === true;
