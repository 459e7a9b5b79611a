import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { join } from 'node:path';
import { Duration, Fn, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  CachedMethods,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { originVerifyHeader } from '../../functions/shared/config';
import { apiBasePath, canonicalPath } from '../../functions/routes/route';
import { routes } from '../../functions/routes';
import { contentSecurityPolicy, hstsMaxAgeSeconds, inlineHashes, siteCacheControl, siteFolders } from '../security-headers';
import { uploadsPrefix } from './site-bucket';
import { acknowledge } from '../nag';

export interface WebProps {
  /** The built SPA (web/dist): index.html, hashed files under assets/, public files. */
  assetsDir: string;
  api: IHttpApi;
  /** Written to /config.json for the SPA's Google sign-in button; may be empty. */
  googleClientId: string;
  /** The site bucket (SiteBucket): the SPA, and operators' uploads under uploads/. */
  bucket: IBucket;
  /** The secret CloudFront sends to the API in x-origin-verify. */
  originVerify: ISecret;
  /** The shop's public origin; a host other than CloudFront's own needs `certificateArn`. */
  siteUrl: string;
  certificateArn?: string;
  /** The WAF web ACL (CloudFront scope, made in us-east-1). */
  webAclArn: string;
  /** The log group of CDK's deployment handler, which copies the SPA to the bucket (the stage's retention and removal). */
  deploymentLogs: ILogGroup;
}

/** Paths without a file extension are the SPA's own routes: serve index.html for them. */
const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * `/api/user/plan_list/` reaches the route `POST /api/user/plan_list`; the viewer's address goes
 * to the API in x-viewer-ip, overwriting whatever the client sent (API Gateway sees only
 * CloudFront), for the login limits. Nothing else: CloudFront refuses, with a 502, a request in
 * which an edge function set a header of its disallowed or read-only lists (X-Forwarded-Proto
 * among them), and the shop's own origin is configuration (SITE_URL), not a header.
 */
const apiViewerRequestCode = `function handler(event) {
  var request = event.request;
  if (request.uri.length > 1 && request.uri.endsWith('/')) request.uri = request.uri.slice(0, -1);
  request.headers['x-viewer-ip'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * The shop's one origin: a CloudFront distribution in front of a private bucket (origin access
 * control) holding the SPA, and of the HTTP API under /api/* (compressed; uncached but for the
 * public reads the route table marks, which the edge keeps as the API's Cache-Control says), with the origin secret
 * in x-origin-verify (a CloudFormation dynamic reference: the value is in no template). The SPA
 * fallback is a viewer-request function on the bucket behaviour only, so API 404s stay JSON.
 * Every response carries the security headers of infra/security-headers.ts; the WAF web ACL
 * (made in us-east-1) guards it all.
 */
export class Web extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    const { bucket } = props;
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    const siteHost = new URL(props.siteUrl).host;
    const customDomain = !siteHost.endsWith('.cloudfront.net');
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Storefront security headers (infra/security-headers.ts)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            inline: inlineHashes(props.assetsDir),
            uploadOrigin: `https://${bucket.bucketRegionalDomainName}`,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds), includeSubdomains: true, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
    });
    const apiOrigin = new HttpOrigin(apiHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [originVerifyHeader]: props.originVerify.secretValue.unsafeUnwrap() },
    });
    const apiViewerRequest = this.viewerFunction('ApiViewerRequest', apiViewerRequestCode);
    // The public reads (route rows with `cachedAs`): cached as the API's Cache-Control says, keyed
    // on the path and on exactly the query parameters the row reads (its `query`), so no token,
    // cookie, header or made-up parameter can split or poison the cache. One policy per distinct
    // list (CloudFront allows 20 custom cache policies per account unless raised).
    const publicReadPolicies = new Map<string, CachePolicy>();
    const publicReadsPolicy = (query: readonly string[] = []) => {
      const key = [...query].sort().join(',');
      let policy = publicReadPolicies.get(key);
      if (!policy) {
        policy = new CachePolicy(this, query.length === 0 ? 'PublicReads' : `PublicReadsBy${pascalCase(key)}`, {
          comment: `Storefront public reads: the API's Cache-Control decides; path and ${query.length ? `query ${query.join(', ')}` : 'no query'}`,
          defaultTtl: Duration.seconds(0),
          minTtl: Duration.seconds(0),
          maxTtl: Duration.days(1),
          queryStringBehavior: query.length ? CacheQueryStringBehavior.allowList(...query) : CacheQueryStringBehavior.none(),
          headerBehavior: CacheHeaderBehavior.none(),
          cookieBehavior: CacheCookieBehavior.none(),
          enableAcceptEncodingGzip: true,
          enableAcceptEncodingBrotli: true,
        });
        publicReadPolicies.set(key, policy);
      }
      return policy;
    };
    // A cached read's POST twin (the contract's) carries a JSON or multipart body: its Content-Type
    // (with the multipart boundary) must reach the API, and no other viewer header needs to.
    const publicReadsOrigin = new OriginRequestPolicy(this, 'PublicReadsOrigin', {
      comment: 'Storefront public reads: the body type of their POST twins, nothing else',
      headerBehavior: OriginRequestHeaderBehavior.allowList('content-type'),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    const cachedReads = Object.fromEntries(
      routes
        .filter((row) => row.cachedAs)
        .map((row) => [
          `${apiBasePath}${canonicalPath(row.path).replace(/\{\w+\}/g, '*')}`,
          {
            origin: apiOrigin,
            viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
            // Every method reaches the API (a read's POST twin, or a wrong method's 405 envelope with Allow); only GET and HEAD are cached.
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachedMethods: CachedMethods.CACHE_GET_HEAD,
            cachePolicy: publicReadsPolicy(row.query),
            originRequestPolicy: publicReadsOrigin,
            responseHeadersPolicy: headers,
            compress: true,
            functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: apiViewerRequest }],
          },
        ]),
    );
    // Everything else under /api: compressed, and never kept. Compression needs Accept-Encoding in
    // the cache key, which needs a policy that may cache (a maximum TTL above 0); every answer of
    // the API says no-store (functions/http/stack.ts), so nothing is stored even for that second,
    // and the key holds Authorization, every cookie and every query string regardless. The
    // Authorization header reaches the API only through the key: no origin request policy may forward it.
    const apiPolicy = new CachePolicy(this, 'ApiCompressed', {
      comment: 'Storefront /api: compressed, never kept (the API answers no-store); Authorization, cookies and query in the key',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      cookieBehavior: CacheCookieBehavior.all(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Storefront: SPA and /api',
      webAclId: props.webAclArn,
      ...(customDomain && props.certificateArn
        ? { domainNames: [siteHost], certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) }
        : {}),
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Includes the edge locations in India, nearest to Bangladesh; PRICE_CLASS_100 does not.
      priceClass: PriceClass.PRICE_CLASS_200,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          { eventType: FunctionEventType.VIEWER_REQUEST, function: this.viewerFunction('SpaFallback', spaFallbackCode) },
        ],
      },
      // The cached reads first: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        ...cachedReads,
        [`${apiBasePath}/*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: apiPolicy,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
          functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: apiViewerRequest }],
        },
      },
    });

    // Hashed files first, kept across deploys so that open tabs can still load their lazy chunks.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(join(props.assetsDir, siteFolders.assets))],
      destinationBucket: bucket,
      destinationKeyPrefix: `${siteFolders.assets}/`,
      prune: false,
      cacheControl: [CacheControl.fromString(siteCacheControl.assets)],
      memoryLimit: 512,
      logGroup: props.deploymentLogs,
    });
    // The shop's own pictures, kept by browsers for a while (a page shows the logo twice).
    const images = new BucketDeployment(this, 'DeployImages', {
      sources: [Source.asset(join(props.assetsDir, siteFolders.images))],
      destinationBucket: bucket,
      destinationKeyPrefix: `${siteFolders.images}/`,
      cacheControl: [CacheControl.fromString(siteCacheControl.images)],
      memoryLimit: 512,
      logGroup: props.deploymentLogs,
    });
    // Then index.html, public files and config.json, revalidated on every load.
    const site = new BucketDeployment(this, 'DeploySite', {
      sources: [
        Source.asset(props.assetsDir, { exclude: [siteFolders.assets, siteFolders.images] }),
        Source.jsonData('config.json', {
          googleClientId: props.googleClientId,
          googleAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        }),
      ],
      destinationBucket: bucket,
      // Pruning leaves the hashed assets, the pictures and the operators' uploads alone.
      exclude: [`${siteFolders.assets}/*`, `${siteFolders.images}/*`, `${uploadsPrefix}*`],
      cacheControl: [CacheControl.fromString(siteCacheControl.other)],
      distribution: this.distribution,
      logGroup: props.deploymentLogs,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    site.node.addDependency(assets, images);

    // CDK's own handler behind both deployments, one per stack: what it needs to copy the assets in.
    const stack = Stack.of(this);
    const deployHandler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (deployHandler) {
      acknowledge(deployHandler, [
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: "CDK's BucketDeployment handler: logs only",
        },
        ...[
          'Action::s3:GetBucket*',
          'Action::s3:GetObject*',
          'Action::s3:List*',
          'Action::s3:Abort*',
          'Action::s3:DeleteObject*',
          'Resource::*',
        ].map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason:
            "CDK's BucketDeployment handler copies the SPA from the CDK asset bucket into the site bucket and invalidates the distribution",
        })),
        {
          id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>/*]`,
          reason: 'The deploy writes and prunes the SPA in the site bucket',
        },
        {
          id: `AwsSolutions-IAM5[Resource::arn:aws:s3:::cdk-hnb659fds-assets-${stack.account}-${stack.region}/*]`,
          reason: "The deploy reads the SPA's files from CDK's asset bucket",
        },
        { id: 'AwsSolutions-L1', reason: "CDK's BucketDeployment handler runtime is CDK's choice" },
      ]);
    }
    acknowledge(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'Sold to Bangladeshi gamers wherever they are; the WAF filters requests instead of countries' },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'Requests are logged where they are handled (API access logs, function logs) and counted by the WAF',
      },
      ...(customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason: "CloudFront's own *.cloudfront.net certificate allows no minimum TLS setting; a custom domain gets TLSv1.2_2021",
            },
          ]),
    ]);
  }

  private viewerFunction(id: string, code: string): CloudFrontFunction {
    return new CloudFrontFunction(this, id, {
      code: FunctionCode.fromInline(code),
      runtime: FunctionRuntime.JS_2_0,
    });
  }
}

/** `category_id` → `CategoryId`, for a construct id. */
const pascalCase = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
