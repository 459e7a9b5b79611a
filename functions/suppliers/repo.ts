import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

/** What an operator set for a supplier: the exchange rate of its currency (units per taka), and who set it when. */
export interface SupplierSettings {
  rate: string;
  updatedAt: string;
  updatedBy: string;
}

/**
 * What the delivery job last found of a supplier: our deposit in its currency (null when it could
 * not be read, with why), and the outbound address its calls leave from (to whitelist with it).
 */
export interface SupplierStatus {
  balance: number | null;
  error: string;
  egressAddress: string;
  checkedAt: string;
}

const keys = {
  settings: (supplier: string) => ({ pk: `SUPPLIER#${supplier}`, sk: 'SETTINGS' }),
  status: (supplier: string) => ({ pk: `SUPPLIER#${supplier}`, sk: 'STATUS' }),
};

/** A supplier's settings and last status: one BatchGetItem of SUPPLIER#<name> / SETTINGS and STATUS per supplier. */
export async function supplierRecords(
  names: string[],
): Promise<Map<string, { settings: SupplierSettings | undefined; status: SupplierStatus | undefined }>> {
  const items = await batchGet(names.flatMap((name) => [keys.settings(name), keys.status(name)]));
  return new Map(
    names.map((name, i) => {
      const [settings, status] = [items[2 * i], items[2 * i + 1]];
      return [
        name,
        {
          settings: settings && fromItem<SupplierSettings>(settings),
          status: status && fromItem<SupplierStatus>(status),
        },
      ];
    }),
  );
}

/** A supplier's settings, for the transaction that also writes the operator's audit entry. */
export const supplierSettingsItem = (supplier: string, settings: SupplierSettings): TransactionItem => ({
  Put: { TableName: tableName, Item: toItem('SupplierSettings', keys.settings(supplier), settings, settings.updatedAt) },
});

/** Records what the job found of a supplier: PutItem SUPPLIER#<name> / STATUS. */
export async function putSupplierStatus(supplier: string, status: SupplierStatus): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: toItem('SupplierStatus', keys.status(supplier), status, status.checkedAt) }));
}
