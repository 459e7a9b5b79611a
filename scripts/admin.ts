import { existsSync, readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDynamoDbLocal } from './local/dynamodb-local';
import { type RunningStackFile, projectRoot, runningStackFile, tableName } from './local/stack';

/**
 * `npm run admin -- grant <email>` / `revoke <email>`: makes an account an operator of the shop,
 * or a shopper again, and audits it. Without `--stage` it works on the local stack's data: the
 * DynamoDB Local of a running `npm start` (found through .local/running.json), or its own one on
 * .local/ when the stack is not running. With `--stage <name>` it works on that deployed stage's
 * table, found in the Storefront-<name> stack's outputs, with the caller's AWS credentials.
 * AWS_ENDPOINT_URL_DYNAMODB and TABLE_NAME, when both set, name a table directly (the tests do).
 */
const usage = 'Usage: npm run admin -- grant|revoke <email> [--stage <name>]';
const { values, positionals } = parseArgs({ options: { stage: { type: 'string' } }, allowPositionals: true });
const [command, email] = positionals;
if ((command !== 'grant' && command !== 'revoke') || !email || positionals.length !== 2) {
  console.error(usage);
  process.exit(2);
}

interface Target {
  environment: Record<string, string>;
  describe: string;
  stop?: () => Promise<void>;
}

/** A deployed stage's table, from its stack's outputs. */
async function stageTable(stage: string): Promise<Target> {
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const stackName = `Storefront-${stage}`;
  const { Stacks } = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }));
  const table = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === 'TableName')?.OutputValue;
  if (!table) throw new Error(`${stackName} has no TableName output: is the stage deployed in this account and region?`);
  return { environment: { TABLE_NAME: table }, describe: `stage ${stage} (table ${table})` };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The local stack's table: a running stack's DynamoDB Local, or one started here on its data folder. */
async function localTable(): Promise<Target> {
  const local = { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' };
  if (process.env.AWS_ENDPOINT_URL_DYNAMODB && process.env.TABLE_NAME) {
    return {
      environment: { ...local, AWS_ENDPOINT_URL_DYNAMODB: process.env.AWS_ENDPOINT_URL_DYNAMODB, TABLE_NAME: process.env.TABLE_NAME },
      describe: `table ${process.env.TABLE_NAME}`,
    };
  }
  const stateDir = join(projectRoot, '.local');
  const file = runningStackFile(stateDir);
  if (existsSync(file)) {
    const running = JSON.parse(readFileSync(file, 'utf8')) as RunningStackFile;
    if (isRunning(running.pid)) {
      return {
        environment: { ...local, AWS_ENDPOINT_URL_DYNAMODB: running.dynamoDbEndpoint, TABLE_NAME: running.tableName },
        describe: 'the running local stack',
      };
    }
  }
  if (!existsSync(join(stateDir, 'dynamodb'))) throw new Error('There is no local shop yet: run npm start once first.');
  const dynamo = await startDynamoDbLocal({ dataDir: join(stateDir, 'dynamodb') });
  return {
    environment: { ...local, AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint, TABLE_NAME: tableName },
    describe: 'the local shop (stack not running)',
    stop: dynamo.stop,
  };
}

try {
  const target = values.stage ? await stageTable(values.stage) : await localTable();
  Object.assign(process.env, target.environment, { POWERTOOLS_LOG_LEVEL: 'WARN' });
  try {
    // Imported once the table is known: the data layer reads TABLE_NAME when it loads.
    const { grantRole } = await import('../functions/admin/service/users');
    const user = await grantRole(email, command === 'grant' ? 'admin' : 'shopper', `cli:${userInfo().username}@${hostname()}`);
    console.log(
      `${user.email} (user ${user.id}) is now ${user.role === 'admin' ? 'an operator (admin)' : 'a shopper'} on ${target.describe}.`,
    );
  } finally {
    await target.stop?.();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
