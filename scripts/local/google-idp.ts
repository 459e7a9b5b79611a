import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { type LocalService, escapeHtml, listen, readText } from './local-service';

/** The client id the local stack's server and SPA share with the stand-in. */
export const localGoogleClientId = 'storefront-local.apps.googleusercontent.com';

/** Accounts offered by the chooser; "Use another account" makes any other. */
const demoAccounts = [
  { name: 'Nusrat Jahan', email: 'nusrat.jahan@gmail.com' },
  { name: 'Tanvir Ahmed', email: 'tanvir.ahmed@gmail.com' },
];

export interface GoogleIdp extends LocalService {
  issuer: string;
  jwksUrl: string;
  authorizationUrl: string;
}

/**
 * A stand-in for Google's OpenID provider, on loopback: an account chooser at Google's
 * authorization path (implicit flow, `response_type=id_token`, the ID token back in the redirect's
 * fragment), a JWKS with a key made at start, and the discovery document. `POST /mint` signs any
 * claims with that key so that tests can present tokens with a wrong audience, issuer or expiry.
 */
export async function startGoogleIdp(): Promise<GoogleIdp> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let issuer = '';

  const sign = (claims: JWTPayload & { aud?: string | string[]; iss?: string }, expiresInSeconds = 3600) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, exp: now + expiresInSeconds, iss: issuer, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  };
  const identityClaims = (email: string, name: string) => ({
    sub: createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 21),
    email: email.toLowerCase(),
    email_verified: true,
    name,
    picture: `${issuer}/avatar/${encodeURIComponent(name)}.svg`,
  });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
    try {
      if (url.pathname === '/.well-known/openid-configuration') {
        return send(
          200,
          'application/json',
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
            jwks_uri: `${issuer}/certs`,
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
      }
      if (url.pathname === '/certs') return send(200, 'application/json', JSON.stringify({ keys: [jwk] }));
      if (url.pathname === '/o/oauth2/v2/auth' && request.method === 'GET')
        return send(200, 'text/html; charset=utf-8', chooserPage(url.searchParams));
      if (url.pathname === '/o/oauth2/v2/auth' && request.method === 'POST') {
        const form = new URLSearchParams(await readText(request));
        const redirect = new URL(form.get('redirect_uri') ?? '');
        if (!['localhost', '127.0.0.1'].includes(redirect.hostname)) return send(400, 'text/plain', 'redirect_uri must be on this machine');
        const idToken = await sign({
          ...identityClaims(form.get('email') ?? '', form.get('name') ?? ''),
          aud: form.get('client_id') ?? '',
          nonce: form.get('nonce') ?? undefined,
        });
        redirect.hash = new URLSearchParams({ id_token: idToken, state: form.get('state') ?? '' }).toString();
        return send(302, 'text/plain', '', { location: redirect.toString() });
      }
      if (url.pathname === '/mint' && request.method === 'POST') {
        const { claims = {}, expiresInSeconds } = JSON.parse(await readText(request)) as {
          claims?: Record<string, unknown>;
          expiresInSeconds?: number;
        };
        return send(200, 'application/json', JSON.stringify({ idToken: await sign(claims, expiresInSeconds) }));
      }
      if (url.pathname.startsWith('/avatar/')) {
        const initial = decodeURIComponent(url.pathname.slice('/avatar/'.length)).charAt(0).toUpperCase();
        return send(
          200,
          'image/svg+xml',
          `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#1a73e8"/><text x="32" y="42" font-family="Arial" font-size="28" fill="#fff" text-anchor="middle">${escapeHtml(initial)}</text></svg>`,
        );
      }
      return send(404, 'text/plain', 'Not found');
    } catch (error) {
      return send(400, 'text/plain', error instanceof Error ? error.message : 'Bad request');
    }
  });
  const service = await listen(server);
  issuer = service.url;
  return { ...service, issuer, jwksUrl: `${issuer}/certs`, authorizationUrl: `${issuer}/o/oauth2/v2/auth` };
}

/** The account chooser: one button per demo account and a form for any other. */
function chooserPage(params: URLSearchParams): string {
  const hidden = ['client_id', 'redirect_uri', 'state', 'nonce']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
    .join('');
  const accounts = demoAccounts
    .map(
      (
        a,
      ) => `<form method="post">${hidden}<input type="hidden" name="name" value="${escapeHtml(a.name)}"><input type="hidden" name="email" value="${escapeHtml(a.email)}">
      <button class="account" type="submit"><span class="avatar">${escapeHtml(a.name[0]!)}</span><span><strong>${escapeHtml(a.name)}</strong><br>${escapeHtml(a.email)}</span></button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – Google Accounts (local stand-in)</title>
<style>body{font-family:Arial,sans-serif;background:#f1f3f4;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:8px;padding:32px;width:min(400px,92vw);box-shadow:0 1px 3px #0003}
h1{font-size:22px;font-weight:400;margin:0 0 4px}p{color:#5f6368;margin:0 0 20px}
.account{display:flex;gap:12px;align-items:center;width:100%;padding:12px;border:0;border-top:1px solid #dadce0;background:none;text-align:left;cursor:pointer;font-size:14px}
.account:hover{background:#f8f9fa}.avatar{width:32px;height:32px;border-radius:50%;background:#1a73e8;color:#fff;display:grid;place-items:center}
fieldset{border:0;border-top:1px solid #dadce0;padding:16px 0 0;margin:12px 0 0}label{display:block;font-size:13px;margin:8px 0 4px}
input[type=text],input[type=email]{width:100%;padding:10px;border:1px solid #dadce0;border-radius:4px;box-sizing:border-box}
.next{margin-top:12px;background:#1a73e8;color:#fff;border:0;border-radius:4px;padding:10px 20px;cursor:pointer}</style></head>
<body><main><h1>Choose an account</h1><p>to continue to the shop (prompt: ${escapeHtml(params.get('prompt') ?? '')}, scope: ${escapeHtml(params.get('scope') ?? '')})</p>
${accounts}
<form method="post"><fieldset><legend>Use another account</legend>${hidden}
<label for="name">Name</label><input id="name" name="name" type="text" required>
<label for="email">Email</label><input id="email" name="email" type="email" required>
<button class="next" type="submit">Next</button></fieldset></form></main></body></html>`;
}
