import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { type LocalService, listen, readText } from './local-service';

/**
 * A stand-in for Secrets Manager on loopback, as much of it as the deployed bundles use:
 * GetSecretValue (by name or ARN) over the service's JSON protocol. Functions reach it through
 * the SDK's own AWS_ENDPOINT_URL_SECRETS_MANAGER, so the bundles run unmodified. Secrets are
 * given at start; the rest of the API answers UnknownOperationException.
 */
export async function startSecretsManager(secrets: Record<string, string>): Promise<LocalService> {
  const versionId = randomUUID();
  const server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));
    const target = String(request.headers['x-amz-target'] ?? '');
    const body = JSON.parse((await readText(request)) || '{}') as { SecretId?: string };
    if (target !== 'secretsmanager.GetSecretValue')
      return json(400, { __type: 'UnknownOperationException', message: `${target} is not served here` });
    const name = Object.keys(secrets).find(
      (known) => known === body.SecretId || `arn:aws:secretsmanager:local:000000000000:secret:${known}` === body.SecretId,
    );
    if (!name) return json(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
    return json(200, {
      ARN: `arn:aws:secretsmanager:local:000000000000:secret:${name}`,
      Name: name,
      SecretString: secrets[name],
      VersionId: versionId,
      VersionStages: ['AWSCURRENT'],
      CreatedDate: Date.now() / 1000,
    });
  });
  return listen(server);
}
