import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { tableTarget } from './local/table-target';

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

try {
  const target = await tableTarget(values.stage);
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
