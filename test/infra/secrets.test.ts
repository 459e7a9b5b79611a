import { describe, expect, it } from 'vitest';
import { gatewayKeyPlaceholder } from '../../functions/shared/config';
import { dev, prod, resources } from '../support/infra-templates';

describe('secrets', () => {
  it('are seven: a generated key ring, the gateway key placeholder, the supplier credentials, the lookup key, VAPID keys and Telegram bot placeholders, a generated origin secret', () => {
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: {
        SecretStringTemplate: JSON.stringify({ current: 'master' }),
        GenerateStringKey: 'master',
        PasswordLength: 64,
        ExcludePunctuation: true,
      },
    });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: gatewayKeyPlaceholder });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: JSON.stringify({
        username: gatewayKeyPlaceholder,
        apiKey: gatewayKeyPlaceholder,
        webhookSecret: gatewayKeyPlaceholder,
      }),
    });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: JSON.stringify({ publicKey: gatewayKeyPlaceholder, privateKey: gatewayKeyPlaceholder, subject: gatewayKeyPlaceholder }),
    });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: JSON.stringify({ botToken: gatewayKeyPlaceholder }) });
    dev().hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: JSON.stringify({ key: gatewayKeyPlaceholder }) });
    expect(resources(dev(), 'AWS::SecretsManager::Secret')).toHaveLength(7);
    for (const [, secret] of resources(prod(), 'AWS::SecretsManager::Secret')) expect(secret.DeletionPolicy).toBe('Retain');
  });

  it('never put a secret value in the template: every value is generated or a dynamic reference', () => {
    const text = JSON.stringify(prod().toJSON());
    expect(text).not.toMatch(/"ORIGIN_VERIFY_SECRET":"[^{]/);
    expect(text).not.toContain('APP_MASTER_SECRET');
    expect(text).not.toContain('GATEWAY_API_KEY');
  });
});
