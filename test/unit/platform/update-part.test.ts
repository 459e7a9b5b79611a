import { describe, expect, it } from 'vitest';
import { withUpdatePart } from '../../../functions/shared/update-parts';

describe('one write carrying two changes', () => {
  const refund = {
    Update: {
      TableName: 't',
      Key: { pk: 'USER#1', sk: 'ORDER#1' },
      UpdateExpression: 'SET #status = :to, remark = :remark REMOVE sealedSecret',
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': 'refunded', ':remark': '', ':from': 'completed' },
    },
  };

  it('adds its sets, removes, condition, names and values to an update', () => {
    const merged = withUpdatePart(refund, {
      set: ['claimId = :claim'],
      remove: ['openClaimId'],
      condition: 'attribute_not_exists(openClaimId)',
      names: { '#state': 'state' },
      values: { ':claim': 'C1' },
    }).Update!;
    expect(merged.UpdateExpression).toBe('SET #status = :to, remark = :remark, claimId = :claim REMOVE sealedSecret, openClaimId');
    expect(merged.ConditionExpression).toBe('(#status = :from) AND (attribute_not_exists(openClaimId))');
    expect(merged.ExpressionAttributeNames).toEqual({ '#status': 'status', '#state': 'state' });
    expect(merged.ExpressionAttributeValues).toMatchObject({ ':to': 'refunded', ':claim': 'C1' });
  });

  it('starts a clause the update did not have, and takes only updates', () => {
    const merged = withUpdatePart({ Update: { ...refund.Update, UpdateExpression: 'REMOVE sealedSecret' } }, { set: ['a = :a'] }).Update!;
    expect(merged.UpdateExpression).toBe('REMOVE sealedSecret SET a = :a');
    expect(() => withUpdatePart({ Delete: { TableName: 't', Key: {} } }, { set: ['a = :a'] })).toThrow();
  });
});
