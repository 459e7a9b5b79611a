/**
 * The table of a deployed stage, from the `Storefront-<stage>` stack's `TableName` output, with the
 * caller's AWS credentials; without a stage, TABLE_NAME (and AWS_ENDPOINT_URL_DYNAMODB for DynamoDB
 * Local). The one-off migration scripts (scripts/migrate-*.ts) find their table here.
 */
export async function migrationTable(stage: string | undefined): Promise<string | undefined> {
  if (!stage) return process.env.TABLE_NAME;
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const stackName = `Storefront-${stage}`;
  const { Stacks } = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }));
  const table = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === 'TableName')?.OutputValue;
  if (!table) throw new Error(`${stackName} has no TableName output: is the stage deployed in this account and region?`);
  return table;
}
