import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { apiBasePath, canonicalPath } from '../../functions/routes/route';
import { stageConfig } from '../../infra/stage-config';
import {
  actionsOf,
  allViewerExceptHost,
  cachingDisabled,
  committed,
  dev,
  functionForRoute,
  inlineScript,
  logicalIdOf,
  resources,
  routeKeyOf,
  single,
  statementsOf,
  workDir,
  distribution,
} from '../support/infra-templates';

describe('web', () => {
  it('keeps the bucket private and TLS-only', () => {
    dev().hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    dev().hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it("never lets CloudFront read shoppers' screenshots", () => {
    dev().hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Resource: { 'Fn::Join': ['', [Match.anyValue(), '/evidence/*']] },
          }),
        ]),
      },
    });
    dev().hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Prefix: 'evidence/', ExpirationInDays: 400, Status: 'Enabled' })]),
      },
    });
  });

  it('serves /api/* from the API compressed but never kept, all methods, all viewer headers but Host, with the origin secret from Secrets Manager', () => {
    const config = distribution(dev());
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      OriginRequestPolicyId: allViewerExceptHost,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
    });
    // CachingDisabled cannot compress: the policy may keep an answer at most a second (the API's
    // no-store keeps it from even that), with the caller's token, cookies and query in its key.
    expect(api.CachePolicyId).not.toBe(cachingDisabled);
    const policy = dev().findResources('AWS::CloudFront::CachePolicy')[api.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
    expect(policy.MaxTTL).toBeGreaterThan(0);
    expect(policy.MaxTTL).toBeLessThanOrEqual(1);
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toEqual({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
      CookiesConfig: { CookieBehavior: 'all' },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
    const secret = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsOriginVerify');
    expect(origin.OriginCustomHeaders).toEqual([
      {
        HeaderName: 'x-origin-verify',
        HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secret }, ':SecretString:::}}']] },
      },
    ]);
    // Error responses would turn the API's JSON 404s into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.HttpVersion).toBe('http2and3');
  });

  it("caches the route table's public reads at the edge as the API's Cache-Control says, keyed on the path and exactly the query parameters the row reads, ahead of /api/*", () => {
    const config = distribution(dev());
    const patterns = config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    const cachedRows = routes.filter((row) => row.cachedAs);
    expect(cachedRows.length).toBeGreaterThan(0);
    expect(cachedRows.filter((row) => row.query?.length).length).toBe(3);
    const policies = dev().findResources('AWS::CloudFront::CachePolicy');
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const policyOfQuery = new Map<string, string>();
    for (const row of cachedRows) {
      const pattern = `${apiBasePath}${canonicalPath(row.path).replace(/\{\w+\}/g, '*')}`;
      expect(patterns.indexOf(pattern), pattern).toBeLessThan(patterns.indexOf('/api/*'));
      const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
      expect(behavior.CachedMethods.sort()).toEqual(['GET', 'HEAD']);
      // Only the body type of a POST twin reaches the API beside the key's parameters: no token, cookie or other header.
      const originPolicy = dev().findResources('AWS::CloudFront::OriginRequestPolicy')[behavior.OriginRequestPolicyId.Ref]!.Properties
        .OriginRequestPolicyConfig;
      expect(originPolicy, pattern).toMatchObject({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['content-type'] },
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      });
      expect(behavior.Compress, pattern).toBe(true);
      const policy = policies[behavior.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
      expect(policy).toMatchObject({ DefaultTTL: 0, MinTTL: 0 });
      const query = row.query ?? [];
      expect(policy.ParametersInCacheKeyAndForwardedToOrigin, pattern).toMatchObject({
        QueryStringsConfig: query.length ? { QueryStringBehavior: 'whitelist', QueryStrings: [...query] } : { QueryStringBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      });
      // Rows with the same parameters share a policy.
      const key = [...query].sort().join(',');
      expect(policyOfQuery.get(key) ?? behavior.CachePolicyId.Ref, pattern).toBe(behavior.CachePolicyId.Ref);
      policyOfQuery.set(key, behavior.CachePolicyId.Ref);
      expect(behavior.TargetOriginId).toBe(api.TargetOriginId);
    }
    expect(patterns).not.toContain('/api/user/shop_status');
    // The public reads' policies and /api/*'s, well under CloudFront's 20 custom cache policies per account.
    expect(Object.keys(policies)).toHaveLength(policyOfQuery.size + 1);
  });

  it('lets exactly the rows that invalidate cached reads invalidate this distribution, and names it to them', () => {
    const distributionId = logicalIdOf(dev(), 'AWS::CloudFront::Distribution', 'WebDistribution');
    for (const row of routes) {
      const [, fn] = functionForRoute(dev(), routeKeyOf(row));
      const invalidations = statementsOf(dev(), fn).filter((statement) => actionsOf(statement).includes('cloudfront:CreateInvalidation'));
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      if (row.invalidates?.length) {
        expect(env.EDGE_DISTRIBUTION_ID, row.handler).toEqual({ Ref: distributionId });
        expect(invalidations, row.handler).toHaveLength(1);
        expect(JSON.stringify(invalidations[0]!.Resource), row.handler).toContain(distributionId);
      } else {
        expect(env, row.handler).not.toHaveProperty('EDGE_DISTRIBUTION_ID');
        expect(invalidations, row.handler).toEqual([]);
      }
    }
  });

  it('does not publish the execute-api URL', () => {
    expect(
      Object.keys(dev().findOutputs('*'))
        .filter((name) => !name.startsWith('PublishOutput'))
        .sort(),
    ).toEqual([
      'GatewayKeySecretName',
      'KeyRingSecretName',
      'PlayerLookupSecretName',
      'SiteUrl',
      'SmsSecretName',
      'SupplierSecretName',
      'TableName',
      'TelegramBotSecretName',
      'VapidSecretName',
    ]);
    expect(JSON.stringify(dev().findOutputs('*'))).not.toContain('ApiEndpoint');
  });

  it('sends the security headers on the SPA and the API: a CSP with the inline scripts hashed, no framing, HSTS with subdomains', () => {
    const config = distribution(dev());
    const policyId = logicalIdOf(dev(), 'AWS::CloudFront::ResponseHeadersPolicy', 'WebSecurityHeaders');
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*').ResponseHeadersPolicyId).toEqual({
      Ref: policyId,
    });
    const headers = single(dev(), 'AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(csp).toMatch(/connect-src 'self' https:\/\/.*RegionalDomainName/);
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
  });

  it('deploys the SPA in three steps (hashed files, pictures, the rest with a config.json for Google sign-in), never pruning uploads', () => {
    const deployments = resources(dev(), 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(3);
    for (const [, deployment] of deployments) {
      if (deployment.Properties.Prune === false) continue;
      // A deployment prunes only under its own prefix: the whole bucket's leaves the others' files and the uploads alone.
      if (deployment.Properties.DestinationBucketKeyPrefix === undefined)
        expect(deployment.Properties.Exclude).toEqual(expect.arrayContaining(['assets/*', 'images/*', 'uploads/*']));
      else expect(deployment.Properties.DestinationBucketKeyPrefix).toBe('images/');
    }
    const outdir = join(workDir, 'cdk.out-dev');
    const configs = readdirSync(outdir)
      .map((entry) => join(outdir, entry, 'config.json'))
      .filter((file) => existsSync(file));
    expect(configs).toHaveLength(1);
    expect(JSON.parse(readFileSync(configs[0]!, 'utf8'))).toEqual({
      googleClientId: stageConfig('dev', committed).config.googleClientId,
      googleAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
  });
});
