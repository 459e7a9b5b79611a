import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** The name of the vault in the second region that holds the copies (BackupCopyStack makes it). */
export const copyVaultName = (stage: string) => `storefront-${stage}-backup-copy`;

/**
 * A vault whose recovery points nobody can delete early: compliance-mode Vault Lock, with three
 * days to undo the lock after the first deploy; after that not even the account's root can
 * shorten it, which is the point (a stolen admin key cannot erase the ledger's history).
 */
export function lockedVault(scope: Construct, id: string, backupVaultName?: string) {
  return new BackupVault(scope, id, {
    backupVaultName,
    removalPolicy: RemovalPolicy.RETAIN,
    lockConfiguration: { minRetention: Duration.days(7), maxRetention: Duration.days(400), changeableFor: Duration.days(3) },
  });
}

export interface BackupsProps {
  table: ITable;
  stage: string;
  /** The second region, where every recovery point is copied. */
  copyRegion: string;
}

/**
 * AWS Backup for the table (the money ledger among it), beside its 35 days of point-in-time
 * recovery: a daily recovery point kept 35 days and a monthly one kept a year, in a locked vault,
 * each copied to a locked vault in a second region (the same retention), so that neither a bad
 * deploy, a deleted table, a lost region nor a stolen key takes the history with it.
 */
export class Backups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: BackupsProps) {
    super(scope, id);
    const { account } = Stack.of(this);
    this.vault = lockedVault(this, 'Vault');
    const copyVault = BackupVault.fromBackupVaultArn(
      this,
      'CopyVault',
      `arn:aws:backup:${props.copyRegion}:${account}:backup-vault:${copyVaultName(props.stage)}`,
    );
    this.plan = new BackupPlan(this, 'Plan', { backupVault: this.vault });
    const rule = (ruleName: string, schedule: Schedule, keep: Duration) =>
      new BackupPlanRule({
        ruleName,
        scheduleExpression: schedule,
        startWindow: Duration.hours(1),
        completionWindow: Duration.hours(4),
        deleteAfter: keep,
        copyActions: [{ destinationBackupVault: copyVault, deleteAfter: keep }],
      });
    this.plan.addRule(rule('Daily', Schedule.cron({ hour: '20', minute: '0' }), Duration.days(35)));
    this.plan.addRule(rule('Monthly', Schedule.cron({ day: '1', hour: '21', minute: '0' }), Duration.days(365)));
    const selection = this.plan.addSelection('Table', { resources: [BackupResource.fromDynamoDbTable(props.table)] });
    acknowledge(selection, [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
        reason: "AWS Backup's own service-role policy, which AWS keeps current with what backing up a DynamoDB table needs",
      },
    ]);
  }
}
