import { pathToFileURL } from 'node:url';

/**
 * `npm run smoke -- <site-url>`: read-only checks of a deployed stage through its CloudFront
 * address (nothing is written, no account is made): the SPA with its security headers, the home
 * page's lists, the contract's 404 for an unknown path, and the webhook refusing a wrong key with
 * 401 (a 503 there means the gateway key secret still holds its placeholder). A 502 anywhere
 * means CloudFront refused what its edge function did to the request. The bundle tier runs the
 * same checks against the synthesized bundles.
 */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function fetchJson(url: string, init?: RequestInit) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An HTML or empty answer: the checks below say what was expected.
  }
  return { status: response.status, body, headers: response.headers };
}

export async function readOnlyChecks(siteUrl: string): Promise<Check[]> {
  const base = siteUrl.replace(/\/+$/, '');
  const checks: Check[] = [];
  const check = async (name: string, run: () => Promise<string | undefined>) => {
    try {
      const problem = await run();
      checks.push({ name, ok: problem === undefined, detail: problem ?? 'ok' });
    } catch (error) {
      checks.push({ name, ok: false, detail: (error as Error).message });
    }
  };

  await check('the SPA loads with its security headers', async () => {
    const response = await fetch(`${base}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    if (response.status !== 200) return `GET / answered ${response.status}`;
    if (!/text\/html/.test(response.headers.get('content-type') ?? '')) return 'GET / is not HTML';
    if (!csp.includes("script-src 'self'") || !csp.includes("frame-ancestors 'none'")) return `no CSP of ours: "${csp}"`;
    if (!/includeSubDomains/i.test(response.headers.get('strict-transport-security') ?? '')) return 'no HSTS with includeSubDomains';
    return undefined;
  });
  for (const [name, path] of [
    ['games', '/api/user/master_category_list'],
    ['banners', '/api/user/event_list'],
    ['blog', '/api/user/blog_list'],
    ['shop status', '/api/user/shop_status'],
    ['site settings', '/api/user/site_settings'],
    ['payment channels', '/api/user/get_senders/'],
  ] as const) {
    await check(`the home page's ${name} (${path})`, async () => {
      const { status, body } = await fetchJson(`${base}${path}`);
      if (status !== 200) return `answered ${status}${status === 502 ? ' (CloudFront refused the edge function?)' : ''}`;
      if (body.status !== 1 && body.status !== true) return `not the success envelope: ${JSON.stringify(body).slice(0, 200)}`;
      return undefined;
    });
  }
  await check('an unknown /api path is the contract 404', async () => {
    const { status, body } = await fetchJson(`${base}/api/user/no_such_thing`);
    return status === 404 && body.status === 0 ? undefined : `answered ${status} ${JSON.stringify(body).slice(0, 200)}`;
  });
  await check('the webhook refuses a wrong key (and its key is set)', async () => {
    const { status } = await fetchJson(`${base}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'rt-uddoktapay-api-key': 'smoke-test-wrong-key' },
      body: JSON.stringify({ invoice_id: 'SMOKE' }),
    });
    if (status === 503) return 'answered 503: the gateway key secret still holds its placeholder';
    return status === 401 ? undefined : `answered ${status}`;
  });
  return checks;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const siteUrl = process.argv[2];
  if (!siteUrl || !/^https?:\/\//.test(siteUrl)) {
    console.error("Usage: npm run smoke -- <site-url>   (the stack output SiteUrl, or the shop's own domain)");
    process.exit(2);
  }
  const checks = await readOnlyChecks(siteUrl);
  for (const { name, ok, detail } of checks) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name}${ok ? '' : `: ${detail}`}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}
