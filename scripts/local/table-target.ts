import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDynamoDbLocal } from './dynamodb-local';
import { type RunningStackFile, projectRoot, runningStackFile, tableName } from './stack';

/** The table an operator's script works on: the environment that names it, a description, and what to stop after. */
export interface TableTarget {
  environment: Record<string, string>;
  describe: string;
  stop?: () => Promise<void>;
}

/** A deployed stage's table, from the `Storefront-<stage>` stack's `TableName` output, with the caller's AWS credentials. */
async function stageTable(stage: string): Promise<TableTarget> {
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

/** The local stack's table: AWS_ENDPOINT_URL_DYNAMODB and TABLE_NAME when both set, a running stack's DynamoDB Local, or one started here on its data folder. */
async function localTable(): Promise<TableTarget> {
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

/**
 * The table of an operator's script (`npm run admin`, `npm run report:check`, the reports'
 * backfill): with `--stage <name>` that deployed stage's; without, the local stack's data (the
 * DynamoDB Local of a running `npm start`, found through .local/running.json, or its own one on
 * .local/ when the stack is not running); AWS_ENDPOINT_URL_DYNAMODB and TABLE_NAME, when both
 * set, name a table directly (the tests do). Set `environment` before importing the data layer.
 */
export const tableTarget = (stage: string | undefined): Promise<TableTarget> => (stage ? stageTable(stage) : localTable());
