import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot, startStack } from './local/stack';

/**
 * `npm start`: the whole shop on one origin (PORT, default 3000), data kept under .local/.
 * Flags for the test runner: --memory (fresh in-memory data), --static [dir] (serve a built SPA,
 * web/dist unless a folder is given), --json (print one JSON line with the stack's addresses
 * instead of the welcome text).
 */
const { values, positionals } = parseArgs({
  options: { memory: { type: 'boolean' }, static: { type: 'boolean' }, json: { type: 'boolean' } },
  allowPositionals: true,
});
const staticDir = positionals[0] ?? join(projectRoot, 'web', 'dist');

const stack = await startStack({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST,
  stateDir: values.memory ? undefined : join(projectRoot, '.local'),
  web: values.static ? { staticDir } : 'dev',
});

if (values.json) {
  const { stop: _stop, ...addresses } = stack;
  console.log(JSON.stringify({ ready: addresses }));
} else {
  const { shopper, admin } = stack.logins;
  console.log(`
  The shop is running at ${stack.url}

  Demo logins (made for this data folder; npm run db:reset makes new ones):
    shopper  ${shopper.email} / ${shopper.mobileNo}   password ${shopper.password}
    admin    ${admin.email} / ${admin.mobileNo}   password ${admin.password}

  ${stack.externalGateway ? `Your payment gateway     ${stack.gatewayUrl}` : `Stand-in gateway         ${stack.gatewayUrl}  (merchant panel ${stack.gatewayUrl}/panel)`}
  ${stack.externalSupplier ? `Your top-up supplier     ${stack.supplierUrl}` : `Fake supplier            ${stack.supplierUrl}  (player IDs ending 0: not found, 8: fails, 7: answer lost, 9: callback, 6: slow)`}
  Stand-in Google sign-in  ${stack.identityProviderUrl}
  Mailbox (local SES)      ${stack.mailboxUrl}
  Push service stand-in    ${stack.pushServiceUrl}/messages
  Telegram stand-in        ${stack.telegramUrl}/messages
  SMS stand-in             ${stack.smsUrl}/messages
  DynamoDB Local           ${stack.dynamoDbEndpoint}  (table ${stack.tableName})

  Ctrl-C stops everything.
`);
}

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  void stack.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
