import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface SiteBucketProps {
  /** Keep the bucket when the stack goes: prod. */
  retain: boolean;
}

/** Where operators' images go in the site bucket; CloudFront serves them at /uploads/…. */
export const uploadsPrefix = 'uploads/';

/**
 * The site's private bucket: the built SPA, and the images operators upload under uploads/
 * through presigned POSTs from the browser (hence a CORS rule for POST; the signed policy, not
 * the origin, is what guards an upload).
 */
export class SiteBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, { retain }: SiteBucketProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !retain,
      cors: [{ allowedMethods: [HttpMethods.POST], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: Duration.hours(1).toSeconds() }],
    });
    acknowledge(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason: 'Written only by the deploy and by presigned POSTs that audited admin calls sign; read only through CloudFront',
      },
    ]);
  }
}
