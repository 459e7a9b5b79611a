import { join } from 'node:path';
import { Duration, Fn } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { apiBasePath } from '../../functions/routes';
import { uploadsPrefix } from './site-bucket';

export interface WebProps {
  /** The built SPA (web/dist): index.html, hashed files under assets/, public files. */
  assetsDir: string;
  api: IHttpApi;
  /** Written to /config.json for the SPA's Google sign-in button; may be empty. */
  googleClientId: string;
  /** The site bucket (SiteBucket): the SPA, and operators' uploads under uploads/. */
  bucket: IBucket;
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
 * to the API in x-viewer-ip and the shop's host in x-forwarded-host, overwriting whatever the
 * client sent (API Gateway sees only CloudFront and its own host): for the login limits and for
 * the gateway's links back to the shop.
 */
const apiViewerRequestCode = `function handler(event) {
  var request = event.request;
  if (request.uri.length > 1 && request.uri.endsWith('/')) request.uri = request.uri.slice(0, -1);
  request.headers['x-viewer-ip'] = { value: event.viewer.ip };
  request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  request.headers['x-forwarded-proto'] = { value: 'https' };
  return request;
}`;

/**
 * The shop's one origin: a CloudFront distribution in front of a private bucket (origin access
 * control) holding the SPA, and of the HTTP API under /api/*, uncached. The SPA fallback is a
 * viewer-request function on the bucket behaviour only, so API 404s stay JSON.
 */
export class Web extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    const { bucket } = props;
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Storefront: SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Includes the edge locations in India, nearest to Bangladesh; PRICE_CLASS_100 does not.
      priceClass: PriceClass.PRICE_CLASS_200,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
        functionAssociations: [
          { eventType: FunctionEventType.VIEWER_REQUEST, function: this.viewerFunction('SpaFallback', spaFallbackCode) },
        ],
      },
      additionalBehaviors: {
        [`${apiBasePath}/*`]: {
          origin: new HttpOrigin(apiHost, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          functionAssociations: [
            {
              eventType: FunctionEventType.VIEWER_REQUEST,
              function: this.viewerFunction('ApiViewerRequest', apiViewerRequestCode),
            },
          ],
        },
      },
    });

    // Hashed files first, kept across deploys so that open tabs can still load their lazy chunks.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(join(props.assetsDir, 'assets'))],
      destinationBucket: bucket,
      destinationKeyPrefix: 'assets/',
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    // Then index.html, public files and config.json, revalidated on every load.
    const site = new BucketDeployment(this, 'DeploySite', {
      sources: [
        Source.asset(props.assetsDir, { exclude: ['assets'] }),
        Source.jsonData('config.json', {
          googleClientId: props.googleClientId,
          googleAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        }),
      ],
      destinationBucket: bucket,
      // Pruning leaves the hashed assets and the operators' uploads alone.
      exclude: ['assets/*', `${uploadsPrefix}*`],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    site.node.addDependency(assets);
  }

  private viewerFunction(id: string, code: string): CloudFrontFunction {
    return new CloudFrontFunction(this, id, {
      code: FunctionCode.fromInline(code),
      runtime: FunctionRuntime.JS_2_0,
    });
  }
}
