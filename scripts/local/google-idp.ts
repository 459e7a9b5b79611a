import { createServer } from 'node:http';
import { type LocalService, listen } from './sandbox-gateway';

/** The stand-in Google identity provider of the local stack (account chooser, JWKS, ID tokens). */
export function startGoogleIdp(): Promise<LocalService> {
  return listen(
    createServer((request, response) => {
      const status = request.url === '/health' ? 200 : 404;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: status === 200 }));
    }),
  );
}
