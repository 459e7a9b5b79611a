import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface AppSecretProps {
  /** Keep the secret when the stack goes: prod. */
  retain: boolean;
}

/**
 * The stage's one secret, the JSON that functions/shared/secrets.ts reads:
 * `{"master": <64 generated letters and digits>, "gatewayApiKey": "set-me"}`. The master key
 * is generated at creation; the gateway key is set by hand after the first deploy.
 */
export class AppSecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, { retain }: AppSecretProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Storefront master key (session tokens, data at rest) and payment gateway API key',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ gatewayApiKey: 'set-me' }),
        generateStringKey: 'master',
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
