import { describe, expect, it } from 'vitest';
import { jobs } from '../../functions/routes/jobs';
import { partitionScopes } from '../../functions/routes/partitions';
import { routes } from '../../functions/routes';
import { tableGrantOf } from '../../functions/routes/grants';
import { refusal } from './table-guard';

const rowGrant = (handler: string) => tableGrantOf(routes.find((row) => row.handler === handler)!);
const put = (pk: string) => ({ Put: { Item: { pk: { S: pk }, sk: { S: '#' } } } });
const update = (pk: string) => ({ Update: { Key: { pk: { S: pk }, sk: { S: '#' } } } });

describe('the local table guard (IAM as the cloud roles have it)', () => {
  it('lets every function with the table read by key, query and batch-get, and never scan', () => {
    const grant = rowGrant('orders/list-orders');
    expect(refusal('GetItem', { Key: { pk: { S: 'USER#A' } } }, grant)).toBeUndefined();
    expect(refusal('BatchGetItem', { RequestItems: { t: { Keys: [{ pk: { S: 'USER#A' } }] } } }, grant)).toBeUndefined();
    expect(refusal('Scan', {}, grant)).toBe('dynamodb:Scan on the table');
    expect(refusal('GetItem', { Key: { pk: { S: 'USER#A' } } }, undefined)).toMatch(/^dynamodb:GetItem/);
  });

  it.each(jobs.map((job) => [job.module, job] as const))('counts each item of a transaction as its own action (%s)', (_, job) => {
    const grant = tableGrantOf(job);
    expect(refusal('TransactWriteItems', { TransactItems: [put('ORDER#1'), update('USER#A')] }, grant)).toBeUndefined();
    expect(
      refusal('TransactWriteItems', { TransactItems: [put('ORDER#1'), { ConditionCheck: { Key: { pk: { S: 'USER#A' } } } }] }, grant),
    ).toBe('dynamodb:ConditionCheckItem on the table partition USER#…');
    expect(refusal('DeleteItem', { Key: { pk: { S: 'PENDING' } } }, grant)).toBeUndefined();
    expect(
      refusal('DeleteItem', { Key: { pk: { S: 'PENDING' } } }, { ...grant, writes: grant.writes.filter((w) => w !== 'DeleteItem') }),
    ).toBe('dynamodb:DeleteItem on the table partition PENDING');
  });

  it("keeps a public function to its row's partitions and indexes, on the table and on a queried index", () => {
    const shopWindow = rowGrant('promotions/list-plans');
    expect(refusal('GetItem', { Key: { pk: { S: 'PLAN#7' } } }, shopWindow)).toBeUndefined();
    expect(refusal('GetItem', { Key: { pk: { S: 'USER#A' } } }, shopWindow)).toBe('dynamodb:GetItem on the table partition USER#…');
    const query = (IndexName: string | undefined, value: string) => ({
      IndexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': IndexName ? `${IndexName}pk` : 'pk' },
      ExpressionAttributeValues: { ':pk': { S: value } },
    });
    expect(refusal('Query', query(undefined, 'MCATS'), shopWindow)).toBeUndefined();
    expect(refusal('Query', query('gsi2', 'SALES'), shopWindow)).toBeUndefined();
    expect(refusal('Query', query('gsi2', 'PROMOS'), shopWindow)).toBe('dynamodb:Query on index gsi2 partition PROMOS');
    expect(refusal('Query', query('gsi3', 'MCATS'), shopWindow)).toBe('dynamodb:Query on index gsi3 partition MCATS');
    expect(refusal('Query', query('gsi1', 'ORDERS#A'), shopWindow)).toBe('dynamodb:Query on index gsi1 partition ORDERS#…');
    const signIn = rowGrant('auth/log-in');
    expect(partitionScopes.signIn.write).toContain('LIMIT#login-*');
    expect(refusal('UpdateItem', { Key: { pk: { S: 'LIMIT#login-account#A' } } }, signIn)).toBeUndefined();
    expect(refusal('UpdateItem', { Key: { pk: { S: 'LIMIT#checkout-user#A' } } }, signIn)).toBe(
      'dynamodb:UpdateItem on the table partition LIMIT#checkout-user#…',
    );
    // It reads the wallet it answers with, and may not write it.
    expect(refusal('GetItem', { Key: { pk: { S: 'WALLET#A' } } }, signIn)).toBeUndefined();
    expect(refusal('UpdateItem', { Key: { pk: { S: 'WALLET#A' } } }, signIn)).toBe('dynamodb:UpdateItem on the table partition WALLET#…');
    expect(refusal('TransactWriteItems', { TransactItems: [put('USER#A'), update('WALLET#A')] }, signIn)).toBe(
      'dynamodb:UpdateItem on the table partition WALLET#…',
    );
  });

  it("holds the payment webhook's writes to its partitions and lets it read any", () => {
    const webhook = rowGrant('payments/receive-webhook');
    expect(refusal('UpdateItem', { Key: { pk: { S: 'WALLET#A' } } }, webhook)).toBeUndefined();
    expect(refusal('GetItem', { Key: { pk: { S: 'LIMIT#login-account#A' } } }, webhook)).toBeUndefined();
    expect(refusal('PutItem', { Item: { pk: { S: 'EMAIL#a@b.c' } } }, webhook)).toBe('dynamodb:PutItem on the table partition EMAIL#…');
    expect(refusal('UpdateItem', { Key: { pk: { S: 'SITE' } } }, webhook)).toBe('dynamodb:UpdateItem on the table partition SITE');
  });
});
