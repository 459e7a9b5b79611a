/**
 * A row of the route table (functions/routes.ts): its shape, and how its path and handler read.
 * Types and string helpers only: importing it never brings the table along.
 */
import type { PartitionScope } from './partitions';

export type Access = 'public' | 'user' | 'admin' | 'gateway' | 'supplier';
export type Method = 'GET' | 'POST';

/**
 * A DynamoDB write a handler makes. IAM authorizes each item of a TransactWriteItems as its own
 * action (a Put item needs PutItem, a ConditionCheck item ConditionCheckItem), so a row names
 * every kind of item it writes, in a transaction or not. Every function with the table may read
 * it with GetItem, Query and BatchGetItem; none may Scan.
 */
export type WriteAction = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem';

/**
 * The public reads CloudFront caches, by what an operator edits to change them. Such a route's
 * function answers Cache-Control for the edge (`edgeCacheControlOf`); an admin row that changes one
 * names it in `invalidates`, and its function invalidates those paths after a successful write.
 */
export type CachedRead = 'games' | 'planGroups' | 'plans' | 'vouchers' | 'banners' | 'blog' | 'paymentChannels' | 'siteSettings';

export interface Route {
  method: Method;
  /** Path under /api, written as the contract writes it; `{name}` is a path parameter. */
  path: string;
  /** `<area>/<handler>`: the module functions/<area>/handlers/<handler>.ts exporting `handler`. */
  handler: string;
  access: Access;
  /** The writes the handler makes (measured per handler); without them the function may only read. */
  writes?: readonly WriteAction[];
  /** The partitions of a row anyone can call, or that calls the payment gateway for a shopper; every such row names them. */
  partitions?: PartitionScope;
  /** A public route that still needs the key ring (it signs session tokens). */
  secret?: true;
  /** Calls or verifies the payment gateway: gets its API key (GATEWAY_SECRET_ID) and X-Ray tracing. */
  gateway?: true;
  /** Needs the top-up supplier's credentials (SUPPLIER_SECRET_ID) and address: its webhook checks the supplier's signature. */
  supplier?: true;
  /** Calls the nickname lookup: gets its own key (LOOKUP_SECRET_ID) and address, never the supplier's credentials. */
  lookup?: true;
  /** Sends text messages through the SMS provider: gets its credentials (SMS_SECRET_ID) and address (SMS_API_URL). */
  sms?: true;
  /**
   * The site bucket (UPLOAD_BUCKET): `images` signs operators' uploads under uploads/ (PutObject
   * there only; CloudFront serves them); `evidence` signs shoppers' screenshots under evidence/
   * (PutObject there only; never served); `read-evidence` reads them (GetObject there only).
   */
  uploads?: 'images' | 'evidence' | 'read-evidence';
  /** Sends the shop's e-mail (MAIL_FROM, SES SendEmail). */
  mail?: true;
  /** Reads the stage's VAPID keys (VAPID_SECRET_ID): to hand out the public key, or to sign pushes. */
  push?: true;
  /** A public GET the edge caches, and what changes it. */
  cachedAs?: CachedRead;
  /**
   * A cached GET's query parameters: all that its handler reads (its query schema has exactly
   * these), all that the edge keys its cache on and forwards (a cache policy per distinct list,
   * infra/constructs/web.ts), and the local edge cache's key likewise. Absent: none.
   */
  query?: readonly string[];
  /** The cached reads an admin write changes: invalidated at the edge after it (EDGE_DISTRIBUTION_ID, CreateInvalidation). */
  invalidates?: readonly CachedRead[];
}

export const apiBasePath = '/api';

/** The handler module's path relative to functions/, e.g. `catalog/handlers/list-plans.ts`. */
export function handlerModule(handler: string): string {
  const [area, name] = handler.split('/');
  return `${area}/handlers/${name}.ts`;
}

/** A path without its trailing slash: each route answers with and without one. */
export function canonicalPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
