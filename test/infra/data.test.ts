import { describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/shared/table';
import { assemblies, built, committedStage, dev, logicalIdOf, prod, resources, single, stages } from '../support/infra-templates';

describe('data safety', () => {
  it("backs prod's table up daily (35 days) and monthly (a year) into a locked vault, each copied to a locked vault in a second region", () => {
    const config = committedStage('prod');
    const plan = single(prod(), 'AWS::Backup::BackupPlan').Properties.BackupPlan;
    const rules = Object.fromEntries(plan.BackupPlanRule.map((rule: any) => [rule.RuleName, rule]));
    expect(rules.Daily.Lifecycle).toEqual({ DeleteAfterDays: 35 });
    expect(rules.Monthly.Lifecycle).toEqual({ DeleteAfterDays: 365 });
    expect(rules.Daily.ScheduleExpression).toBe('cron(0 20 * * ? *)');
    expect(rules.Monthly.ScheduleExpression).toBe('cron(0 21 1 * ? *)');
    for (const rule of [rules.Daily, rules.Monthly]) {
      expect(rule.CopyActions).toHaveLength(1);
      expect(JSON.stringify(rule.CopyActions[0].DestinationBackupVaultArn)).toContain(
        `:backup:${config.backupCopyRegion}:${config.account}:backup-vault:storefront-prod-backup-copy`,
      );
      expect(rule.CopyActions[0].Lifecycle).toEqual(rule.Lifecycle);
    }
    expect(config.backupCopyRegion).not.toBe(config.region);
    const vault = single(prod(), 'AWS::Backup::BackupVault');
    expect(vault.Properties.LockConfiguration).toEqual({ MinRetentionDays: 7, MaxRetentionDays: 400, ChangeableForDays: 3 });
    expect(vault.DeletionPolicy).toBe('Retain');
    const selection = single(prod(), 'AWS::Backup::BackupSelection').Properties.BackupSelection;
    expect(JSON.stringify(selection.Resources)).toContain(logicalIdOf(prod(), 'AWS::DynamoDB::Table', 'DataTable'));
    const copy = built.prod.backupCopy!;
    expect(built.prod.backupCopyEnv).toEqual({ account: config.account, region: config.backupCopyRegion });
    expect(single(copy, 'AWS::Backup::BackupVault').Properties).toMatchObject({
      BackupVaultName: 'storefront-prod-backup-copy',
      LockConfiguration: { MinRetentionDays: 7, MaxRetentionDays: 400, ChangeableForDays: 3 },
    });
    // Dev keeps point-in-time recovery only.
    expect(resources(dev(), 'AWS::Backup::BackupPlan')).toEqual([]);
    expect(built.dev.backupCopy).toBeUndefined();
  });

  it('keeps the logical id of every stateful resource, so that no rename brings prod up on an empty table, secret or bucket', () => {
    const stateful = [
      'AWS::DynamoDB::Table',
      'AWS::SecretsManager::Secret',
      'AWS::S3::Bucket',
      'AWS::Backup::BackupVault',
      'AWS::SQS::Queue',
    ];
    const ids = Object.fromEntries(
      stateful.map((type) => [
        type,
        resources(prod(), type)
          .map(([id]) => id)
          .sort(),
      ]),
    );
    // A new stateful resource adds its id here; an id that changes is a replacement, never a rename.
    expect(ids).toEqual({
      'AWS::DynamoDB::Table': ['DataTableFDBAD0F2'],
      'AWS::SecretsManager::Secret': [
        'SecretsGatewayKeyC20DD1CE',
        'SecretsKeys52995371',
        'SecretsOriginVerify59304C5E',
        'SecretsPlayerLookup44754301',
        'SecretsSmsA10AA84E',
        'SecretsSupplier5DFFFD9D',
        'SecretsTelegramBotF118E3D4',
        'SecretsVapid45682563',
      ],
      'AWS::S3::Bucket': ['SiteBucket978D4AEB'],
      'AWS::Backup::BackupVault': ['BackupsVault1F11AFCC'],
      'AWS::SQS::Queue': [
        'DeliveryDispatchDeadLetters335724AF',
        'JobsDeliveryFailures054133BB',
        'JobsReconcilerFailures453D7B5D',
        'OutboxDeadLetters97B842CA',
        'ReportSumsDeadLetters3484E8BF',
      ],
    });
    for (const [, resource] of stateful.flatMap((type) => resources(prod(), type))) expect(resource.DeletionPolicy).toBe('Retain');
    // The supplier's whitelisted address, in its own stack: kept too.
    const egress = Object.entries(assemblies.prod['Storefront-prod-egress']!.Resources).filter(([, r]) => r.Type === 'AWS::EC2::EIP');
    expect(egress.map(([id, resource]) => [id, resource.DeletionPolicy])).toEqual([['SupplierEgressAddress7C92DE21', 'Retain']]);
  });

  it("versions the site bucket (noncurrent versions kept 30 days) and lets only the shop's origin POST uploads to it", () => {
    for (const stage of stages) {
      const bucket = single(built[stage].shop, 'AWS::S3::Bucket');
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
        expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
        // Shoppers' screenshots for their reports go after 400 days (test/infra/web.test.ts: never served).
        expect.objectContaining({ Prefix: 'evidence/', ExpirationInDays: 400, Status: 'Enabled' }),
      ]);
      expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({ AllowedMethods: ['POST'], AllowedOrigins: [committedStage(stage).siteUrl] }),
      ]);
    }
  });
});

describe('table', () => {
  it('is the table definition: keys, every GSI with ALL projection, TTL, on-demand, PITR', () => {
    for (const stage of stages) {
      const p = single(built[stage].shop, 'AWS::DynamoDB::Table').Properties;
      expect(p.KeySchema).toEqual([
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ]);
      expect(p.BillingMode).toBe('PAY_PER_REQUEST');
      expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(p.TimeToLiveSpecification).toEqual({ AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true });
      expect(p.GlobalSecondaryIndexes).toEqual(
        tableDefinition.globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
    }
  });

  it('is protected and retained in prod, removable in dev', () => {
    const prodTable = single(prod(), 'AWS::DynamoDB::Table');
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(prodTable.UpdateReplacePolicy).toBe('Retain');
    const devTable = single(dev(), 'AWS::DynamoDB::Table');
    expect(devTable.Properties.DeletionProtectionEnabled).toBe(false);
    expect(devTable.DeletionPolicy).toBe('Delete');
  });
});
