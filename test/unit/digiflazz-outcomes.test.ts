import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../functions/suppliers/digiflazz';

/** Answers shaped as developer.digiflazz.com/api/buyer/topup and response-code document them. */
const answer = (status: string, rc: string, message = '', sn = '') => ({ ref_id: 'o1', status, rc, message, sn });

describe('what a Digiflazz answer means for an order', () => {
  it('reads Sukses as delivered with its serial, Pending as pending', () => {
    expect(outcomeOf(200, answer('Sukses', '00', 'Transaksi Sukses', '1234'))).toEqual({ kind: 'delivered', serial: '1234' });
    expect(outcomeOf(200, answer('Pending', '03'))).toEqual({ kind: 'pending' });
  });

  it('refunds a failed transaction with a reason the shopper can read', () => {
    expect(outcomeOf(200, answer('Gagal', '54', 'Nomor Tujuan Salah'))).toEqual({ kind: 'failed', reason: 'No player with this ID' });
    expect(outcomeOf(200, answer('Gagal', '02', 'Transaksi Gagal'))).toMatchObject({ kind: 'failed' });
  });

  it('sends refusals that made no transaction to a person, never to a refund', () => {
    expect(outcomeOf(400, answer('Gagal', '44', 'Saldo tidak cukup'))).toEqual({
      kind: 'refused',
      reason: 'The supplier balance is too low',
      lowBalance: true,
    });
    expect(outcomeOf(400, answer('Gagal', '43'))).toEqual({ kind: 'refused', reason: 'The supplier does not sell this product code' });
    expect(outcomeOf(400, answer('Gagal', '02', 'Harga seller lebih besar dari ketentuan harga Buyer'))).toMatchObject({
      kind: 'refused',
      priceAboveCost: true,
    });
  });

  it('treats what it cannot read as lost, to be asked about, never as failed', () => {
    expect(outcomeOf(502, undefined)).toEqual({ kind: 'lost' });
    expect(outcomeOf(200, undefined)).toEqual({ kind: 'lost' });
    expect(outcomeOf(200, answer('Unknown', '99'))).toEqual({ kind: 'lost' });
  });
});
