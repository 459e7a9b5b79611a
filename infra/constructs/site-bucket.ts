import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface SiteBucketProps {
  /** Keep the bucket when the stack goes: prod. */
  retain: boolean;
  /** The shop's public origin: the only one whose pages may POST uploads to the bucket. */
  siteUrl: string;
}

/** Where operators' images go in the site bucket; CloudFront serves them at /uploads/…. */
export const uploadsPrefix = 'uploads/';

/**
 * Where shoppers' screenshots for their reports go: never served (the bucket policy denies
 * CloudFront there), read only by the console's route for an operator, kept 400 days.
 */
export const evidencePrefix = 'evidence/';

/**
 * The site's private bucket: the built SPA, shoppers' screenshots under evidence/ (never served),
 * and the images operators upload under uploads/
 * through presigned POSTs from the console (hence a CORS rule for POST from the shop's origin; the
 * signed policy is what guards an upload). Versioned: a bad deploy or a deleted image is undone
 * from the noncurrent versions, kept 30 days.
 */
export class SiteBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, { retain, siteUrl }: SiteBucketProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !retain,
      // An overwritten or deleted SPA file or image can be brought back for a month.
      versioned: true,
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { prefix: evidencePrefix, expiration: Duration.days(400) },
      ],
      cors: [
        { allowedMethods: [HttpMethods.POST], allowedOrigins: [siteUrl], allowedHeaders: ['*'], maxAge: Duration.hours(1).toSeconds() },
      ],
    });
    // CloudFront's read of the bucket (its origin access control) stops before the shoppers' screenshots.
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${evidencePrefix}*`)],
      }),
    );
    acknowledge(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason: 'Written only by the deploy and by presigned POSTs that audited admin calls sign; read only through CloudFront',
      },
    ]);
  }
}
