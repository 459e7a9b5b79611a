import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../../functions/suppliers/digiflazz';

/** Answers shaped as developer.digiflazz.com/api/buyer/topup and response-code document them. */
const answer = (status: string, rc: string, message = '', sn = '', price?: number) => ({ ref_id: 'o1', status, rc, message, sn, price });

/** Every response code of the documented table, by what it means for an order (docs/suppliers/digiflazz.md). */
const formedFailures = ['01', '02', '50', '51', '52', '53', '54', '55', '57', '58', '59', '60', '70', '71', '72', '73', '74', '84'];
const requestRefusals = ['40', '41', '42', '45', '80', '81', '82', '88'];
const noTransaction = ['43', '44', '47', '49', '56', '61', '62', '63', '64', '65', '66', '67', '68', '69', '87'];

describe('what a Digiflazz answer means for an order', () => {
  it('reads Sukses as delivered with its serial and price, Pending (03, 99) as pending, on a send or a check alike', () => {
    for (const call of ['send', 'check'] as const) {
      expect(outcomeOf(200, answer('Sukses', '00', 'Transaksi Sukses', '1234', 9000), call)).toEqual({
        kind: 'delivered',
        serial: '1234',
        price: 9000,
      });
      expect(outcomeOf(200, answer('Pending', '03'), call)).toEqual({ kind: 'pending' });
      expect(outcomeOf(200, answer('Pending', '99', 'DF Router Issue'), call)).toEqual({ kind: 'pending' });
    }
  });

  it('refunds only a transaction that was made and failed ("Terbentuk Transaksi: Ya"), with a reason the shopper can read', () => {
    expect(outcomeOf(200, answer('Gagal', '54', 'Nomor Tujuan Salah'), 'check')).toEqual({
      kind: 'failed',
      reason: 'No player with this ID',
    });
    for (const rc of formedFailures)
      for (const call of ['send', 'check'] as const)
        expect(outcomeOf(200, answer('Gagal', rc), call), `${rc} ${call}`).toMatchObject({ kind: 'failed' });
  });

  it('sends a refusal that made no transaction to a person, never to a refund, stopping the plan where every order would fail alike', () => {
    expect(outcomeOf(400, answer('Gagal', '44', 'Saldo tidak cukup'), 'send')).toEqual({
      kind: 'refused',
      reason: 'The supplier balance is too low',
      alert: 'balance',
    });
    expect(outcomeOf(400, answer('Gagal', '69', 'Harga seller lebih besar dari ketentuan harga Buyer'), 'send')).toEqual({
      kind: 'refused',
      reason: 'The supplier asks more than the recorded cost',
      pausePlan: true,
    });
    expect(outcomeOf(400, answer('Gagal', '45', 'IP Anda tidak kami kenali'), 'send')).toMatchObject({
      kind: 'refused',
      pausePlan: true,
      alert: 'setup',
    });
    for (const rc of [...noTransaction, ...requestRefusals])
      expect(outcomeOf(400, answer('Gagal', rc), 'send'), rc).toMatchObject({ kind: 'refused' });
  });

  it('reads a rate limit (rc 85) as no word on the top-up: asked again later, whether it answered a send or a check', () => {
    for (const call of ['send', 'check'] as const)
      expect(outcomeOf(400, answer('Gagal', '85', 'Anda telah mencapai limitasi transaksi, silahkan coba 1 menit lagi'), call)).toEqual({
        kind: 'later',
        reason: 'The supplier asked us to wait a minute (rate limit)',
      });
  });

  it('reads a refusal of the question itself (signature, address, account) to a status check as no word on the top-up, and tells the operators', () => {
    for (const rc of requestRefusals)
      expect(outcomeOf(400, answer('Gagal', rc), 'check'), rc).toMatchObject({ kind: 'later', setup: true });
  });

  it('treats what it cannot read as lost, to be asked about, and a code it does not know as no word, never as failed', () => {
    expect(outcomeOf(502, undefined, 'send')).toEqual({ kind: 'lost' });
    expect(outcomeOf(200, undefined, 'check')).toEqual({ kind: 'lost' });
    expect(outcomeOf(200, answer('Unknown', '99'), 'check')).toEqual({ kind: 'pending' });
    expect(outcomeOf(200, answer('Weird', '12'), 'check')).toEqual({ kind: 'lost' });
    expect(outcomeOf(400, answer('Gagal', '97'), 'send')).toMatchObject({ kind: 'later', setup: true });
  });
});
