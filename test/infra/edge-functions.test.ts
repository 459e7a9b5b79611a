import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { disallowedHeaders, listed, readOnlyHeaders } from '../support/cloudfront-header-rules';
import { dev, resources, workDir } from '../support/infra-templates';

/** Runs a CloudFront Function's code (cloudfront-js-2.0 is plain JS) on a viewer request. */
interface ViewerRequest {
  uri: string;
  method: string;
  headers: Record<string, { value: string }>;
}

function cloudFrontFunctions(template: Template): [string, (event: unknown) => ViewerRequest, string][] {
  return resources(template, 'AWS::CloudFront::Function').map(([id, fn]) => [
    id,
    new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => ViewerRequest,
    fn.Properties.FunctionCode as string,
  ]);
}

const sampleRequest = (uri: string): ViewerRequest => ({
  uri,
  method: 'GET',
  headers: {
    host: { value: 'shop.example.com' },
    'x-viewer-ip': { value: '10.0.0.1' },
    'x-forwarded-host': { value: 'evil.example' },
    'user-agent': { value: 'test' },
  },
});

function viewerRequest(template: Template, logicalIdPrefix: string, uri: string): ViewerRequest {
  const [, run] = cloudFrontFunctions(template).find(([id]) => id.startsWith(logicalIdPrefix))!;
  return run({ request: sampleRequest(uri), viewer: { ip: '203.0.113.9' } });
}

describe('edge functions', () => {
  it('touch no header that CloudFront forbids an edge function to set or change (its disallowed and read-only lists), whether run or read', () => {
    const functions = cloudFrontFunctions(dev());
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, run, code] of functions) {
      const before = sampleRequest('/api/user/plan_list/');
      const after = run({ request: structuredClone(before), viewer: { ip: '203.0.113.9' } });
      const touched = new Set(
        [...Object.keys(before.headers), ...Object.keys(after.headers)].filter(
          (name) => JSON.stringify(before.headers[name]) !== JSON.stringify(after.headers[name]),
        ),
      );
      for (const name of touched) {
        expect(listed(name, disallowedHeaders), `${id} sets ${name}`).toBe(false);
        expect(listed(name, readOnlyHeaders['viewer-request']), `${id} changes ${name}`).toBe(false);
      }
      // A branch the sample request did not take still shows in the code: any header name it writes.
      for (const [, name] of code.matchAll(/headers\[['"]([^'"]+)['"]\]\s*=/g)) {
        expect(listed(name!, disallowedHeaders) || listed(name!, readOnlyHeaders['viewer-request']), `${id} writes ${name}`).toBe(false);
      }
    }
  });

  it('rewrite SPA routes to index.html but leave files alone', () => {
    expect(viewerRequest(dev(), 'WebSpaFallback', '/orders/123').uri).toBe('/index.html');
    expect(viewerRequest(dev(), 'WebSpaFallback', '/').uri).toBe('/index.html');
    expect(viewerRequest(dev(), 'WebSpaFallback', '/assets/index-abc123.js').uri).toBe('/assets/index-abc123.js');
    expect(viewerRequest(dev(), 'WebSpaFallback', '/config.json').uri).toBe('/config.json');
  });

  it('serve the service worker and the app manifest as the files they are, revalidated on every load, never as immutable assets', () => {
    expect(viewerRequest(dev(), 'WebSpaFallback', '/sw.js').uri).toBe('/sw.js');
    expect(viewerRequest(dev(), 'WebSpaFallback', '/manifest.json').uri).toBe('/manifest.json');
    const deployments = resources(dev(), 'Custom::CDKBucketDeployment').map(([, deployment]) => deployment.Properties);
    const hashed = deployments.filter((deployment) => deployment.DestinationBucketKeyPrefix === 'assets/');
    const images = deployments.filter((deployment) => deployment.DestinationBucketKeyPrefix === 'images/');
    const site = deployments.filter((deployment) => deployment.DestinationBucketKeyPrefix === undefined);
    expect([hashed.length, images.length, site.length]).toEqual([1, 1, 1]);
    expect(hashed[0]!.SystemMetadata['cache-control']).toMatch(/immutable/);
    // The shop's pictures are kept a while (the local stack serves them the same way: scripts/local/static-files.ts).
    expect(images[0]!.SystemMetadata['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=604800');
    // sw.js and manifest.json sit at the build's root, so the site deployment carries them, with its no-cache.
    expect(site[0]!.SystemMetadata['cache-control']).toBe('no-cache');
    const outdir = join(workDir, 'cdk.out-dev');
    const staged = readdirSync(outdir).filter((entry) => existsSync(join(outdir, entry, 'sw.js')));
    expect(staged).toHaveLength(1);
    expect(existsSync(join(outdir, staged[0]!, 'manifest.json'))).toBe(true);
    expect(existsSync(join(outdir, staged[0]!, 'assets'))).toBe(false);
    expect(existsSync(join(outdir, staged[0]!, 'images'))).toBe(false);
  });

  it("strip one trailing slash from API paths and tell the API the viewer's own address, whatever the client claimed, and nothing else", () => {
    expect(viewerRequest(dev(), 'WebApiViewerRequest', '/api/user/plan_list/').uri).toBe('/api/user/plan_list');
    expect(viewerRequest(dev(), 'WebApiViewerRequest', '/api/user/plan_list').uri).toBe('/api/user/plan_list');
    const { headers } = viewerRequest(dev(), 'WebApiViewerRequest', '/api/auth/login');
    expect(headers).toEqual({ ...sampleRequest('/').headers, 'x-viewer-ip': { value: '203.0.113.9' } });
  });
});
