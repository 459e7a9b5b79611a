import { createServer, request as forward } from 'node:http';
import type { TableGrant } from '../../functions/routes/grants';
import { tableDefinition } from '../../functions/shared/table';
import { type LocalService, listen, readText } from './local-service';

/** What every function with the table may do without a write grant (infra/constructs/function-roles.ts). */
const readActions = ['GetItem', 'Query', 'BatchGetItem'];

/** Who a request's access key is: a function's table grant, `unrestricted` (the seed, the tests, the admin command), or nobody. */
export type GrantLookup = (accessKeyId: string) => TableGrant | 'unrestricted' | undefined;

/** One permission a DynamoDB request needs, as IAM authorizes it. */
interface Needed {
  action: string;
  index?: string;
  partition?: string;
}

type AttributeValue = { S?: string };
type Key = Record<string, AttributeValue | undefined>;
interface DynamoRequest {
  Key?: Key;
  Item?: Key;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
  RequestItems?: Record<string, { Keys?: Key[] }>;
  TransactItems?: Record<string, DynamoRequest | undefined>[];
}

/**
 * IAM in front of DynamoDB Local: every function of the local stack signs its requests with an
 * access key naming it, and this proxy refuses (AccessDeniedException, as DynamoDB answers) any
 * request its cloud role would refuse: an action its route row does not grant (each item of a
 * transaction counted as its own action), an index or a partition (`dynamodb:LeadingKeys`)
 * outside a public row's. A row that forgets a grant fails on the local stack and in the tests,
 * not in the first deploy. Denials are logged as `table guard denied …` lines.
 */
export async function startTableGuard(dynamoEndpoint: string, grantOf: GrantLookup): Promise<LocalService & { denied: string[] }> {
  const target = new URL(dynamoEndpoint);
  const denied: string[] = [];
  const server = createServer(async (request, response) => {
    const body = await readText(request);
    const accessKeyId = /Credential=([^/]+)\//.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
    const operation =
      String(request.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    const grant = grantOf(accessKeyId);
    if (grant !== 'unrestricted') {
      const refused = refusal(operation, JSON.parse(body || '{}') as DynamoRequest, grant);
      if (refused) {
        denied.push(`${accessKeyId}: ${refused}`);
        console.error(`table guard denied ${accessKeyId}: ${refused}`);
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(
          JSON.stringify({
            __type: 'com.amazon.coral.service#AccessDeniedException',
            Message: `User: ${accessKeyId} is not authorized to perform: ${refused}`,
          }),
        );
        return;
      }
    }
    // DynamoDB Local keeps one database per access key (and takes only letters and digits in one):
    // every allowed call reaches the one database under `local`. It checks no signatures.
    const headers = {
      ...request.headers,
      authorization: String(request.headers.authorization ?? '').replace(/Credential=[^/]+\//, 'Credential=local/'),
    };
    const upstream = forward({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 500, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', (error) => response.destroy(error));
    upstream.end(body);
  });
  return { ...(await listen(server)), denied };
}

/** Why the grant refuses this request (`dynamodb:<Action> on <what>`), or undefined when it allows it. */
export function refusal(operation: string, body: DynamoRequest, grant: TableGrant | undefined): string | undefined {
  for (const needed of permissionsOf(operation, body)) {
    const what = `dynamodb:${needed.action} on ${needed.index ? `index ${needed.index}` : 'the table'}${needed.partition === undefined ? '' : ` partition ${partitionPrefix(needed.partition)}`}`;
    if (!grant) return what;
    if (![...readActions, ...grant.writes].includes(needed.action)) return what;
    if (needed.index && grant.indexes && !grant.indexes.includes(needed.index)) return what;
    const keys = readActions.includes(needed.action) ? grant.readKeys : grant.writeKeys;
    if (keys && (needed.partition === undefined || !keys.some((pattern) => likeMatch(pattern, needed.partition!)))) return what;
  }
  return undefined;
}

/** The permissions IAM checks for one DynamoDB call, with the partition each touches. */
function permissionsOf(operation: string, body: DynamoRequest): Needed[] {
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [{ action: operation, partition: partitionOf(body.Key) }];
    case 'PutItem':
      return [{ action: operation, partition: partitionOf(body.Item) }];
    case 'Query':
      return [{ action: 'Query', index: body.IndexName, partition: queriedPartition(body) }];
    case 'BatchGetItem':
      return Object.values(body.RequestItems ?? {}).flatMap(({ Keys = [] }) =>
        Keys.map((key) => ({ action: 'BatchGetItem', partition: partitionOf(key) })),
      );
    case 'TransactWriteItems':
      return (body.TransactItems ?? []).flatMap((item) =>
        Object.entries(item).map(([kind, part]) => ({
          action: kind === 'Put' ? 'PutItem' : `${kind}Item`,
          partition: partitionOf(kind === 'Put' ? part?.Item : part?.Key),
        })),
      );
    case 'TransactGetItems':
      return (body.TransactItems ?? []).map((item) => ({ action: 'GetItem', partition: partitionOf(item.Get?.Key) }));
    default:
      // Scan, BatchWriteItem, table management: granted to no function.
      return [{ action: operation }];
  }
}

const partitionOf = (key: Key | undefined) => key?.[tableDefinition.partitionKey]?.S;

/** The partition key value a Query names: the table's, or its index's (LeadingKeys is the queried partition). */
function queriedPartition(body: DynamoRequest): string | undefined {
  const keyName = body.IndexName
    ? tableDefinition.globalIndexes.find((index) => index.indexName === body.IndexName)?.partitionKey
    : tableDefinition.partitionKey;
  for (const [, name, placeholder] of (body.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const attribute = name!.startsWith('#') ? body.ExpressionAttributeNames?.[name!] : name;
    if (attribute === keyName) return body.ExpressionAttributeValues?.[placeholder!]?.S;
  }
  return undefined;
}

/** IAM's StringLike: `*` any run of characters, `?` one. */
function likeMatch(pattern: string, value: string): boolean {
  const expression = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${expression}$`, 's').test(value);
}

/** A partition named in a log line by its kind only (`EMAIL#…`): keys can hold e-mail addresses. */
const partitionPrefix = (partition: string) => partition.replace(/^(LIMIT#[^#]*|[^#]*)#.*$/s, '$1#…');
