import { randomBytes } from 'node:crypto';
import { startSandboxGateway } from './local/sandbox-gateway';

/**
 * `npm run gateway [-- --auto-webhook]`: the stand-in UddoktaPay gateway on its own, so that a tester
 * can point a shop at it (`GATEWAY_URL`, `GATEWAY_API_KEY`) and play the merchant in its panel.
 * The API key is `GATEWAY_API_KEY` (or a random one), the port `PORT` (or a free one); with
 * `--auto-webhook` it sends the webhook by itself on completion and approval. It prints one JSON
 * line `{"url", "apiKey", "panel"}` and runs until SIGINT or SIGTERM.
 */
const apiKey = process.env.GATEWAY_API_KEY || randomBytes(20).toString('hex');
const port = process.env.PORT ? Number(process.env.PORT) : 0;
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number, not ${process.env.PORT}`);
  process.exit(2);
}
const autoWebhook = process.argv.slice(2).includes('--auto-webhook');

const gateway = await startSandboxGateway({ apiKey, autoWebhook, port });
console.log(JSON.stringify({ url: gateway.url, apiKey, panel: `${gateway.url}/panel` }));

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  gateway.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
