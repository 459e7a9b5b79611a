import { auditEntry, auditItem } from '../../audit/repo';
import type { Page, PageRequest } from '../../shared/cursor';
import { NotFound } from '../../shared/errors';
import type { ActiveUser } from '../../users/active-user';
import { maskCode, parseCodes } from '../../vouchers/inventory';
import type { StoredCode, Voucher, VoucherWithStock } from '../../vouchers/repo';
import { getVoucher, listAllVouchers, listCodes, listVouchers, stockOf } from '../../vouchers/repo';
import * as vouchers from '../../vouchers/service';
import { newId } from './ids';

/** A brand's vouchers with their stock, or every brand's. */
export function vouchersOf(masterCategoryId: string | undefined): Promise<VoucherWithStock[]> {
  return masterCategoryId ? listVouchers(masterCategoryId) : listAllVouchers();
}

/** An operator's voucher: new without an id, else a change of the one with that id. */
export async function saveVoucher(admin: ActiveUser, input: Omit<Voucher, 'id'> & { id?: string }): Promise<VoucherWithStock> {
  const previous = input.id ? await getVoucher(input.id) : undefined;
  if (input.id && !previous) throw new NotFound('Voucher not found');
  // Its sales copy as read: the save keeps it, on condition that no sale was added meanwhile.
  const voucher = { ...input, id: input.id ?? newId(input.name), sales: previous?.sales };
  await vouchers.saveVoucher(voucher, previous, [
    auditItem(auditEntry(admin.id, previous ? 'voucher.update' : 'voucher.create', voucher.id, `${voucher.name}: ৳${voucher.price}`)),
  ]);
  return { ...voucher, stock: previous ? await stockOf(voucher.id) : 0 };
}

/** Deletes a voucher with no unsold codes left (else 409). */
export function deleteVoucher(admin: ActiveUser, id: string): Promise<void> {
  return vouchers.deleteVoucher(id, [auditItem(auditEntry(admin.id, 'vouchers.delete', id))]);
}

/**
 * An operator's upload of codes, one a line: each new code is added once ever, and each of the
 * upload's transactions carries its own audit entry (counts only: never a code).
 */
export async function uploadCodes(
  admin: ActiveUser,
  voucherId: string,
  text: string,
): Promise<{ added: number; duplicates: number; stock: number }> {
  const { codes, duplicates: repeated } = parseCodes(text);
  const result = await vouchers.addCodes(voucherId, codes, ({ added, part, parts }) => [
    auditItem(
      auditEntry(admin.id, 'voucher.codes-add', voucherId, `${added} codes added${parts > 1 ? ` (part ${part} of ${parts})` : ''}`),
    ),
  ]);
  return { added: result.added, duplicates: result.duplicates + repeated, stock: await stockOf(voucherId) };
}

/** A page of a voucher's unsold codes, each masked to its last four characters, and the stock. */
export async function codesOf(
  voucherId: string,
  request: PageRequest,
): Promise<{ stock: number; page: Page<{ codeId: string; masked: string; createdAt: string }> }> {
  if (!(await getVoucher(voucherId))) throw new NotFound('Voucher not found');
  const [stock, page] = await Promise.all([stockOf(voucherId), listCodes(voucherId, request)]);
  const masked = (code: StoredCode) => ({ codeId: code.codeId, masked: maskCode(code.code), createdAt: code.createdAt });
  return { stock, page: { ...page, items: page.items.map(masked) } };
}

/** Voids one unsold code (it can never come back), audited; answers the stock left. */
export function voidCode(admin: ActiveUser, voucherId: string, codeId: string): Promise<number> {
  return vouchers.voidCode(voucherId, codeId, [auditItem(auditEntry(admin.id, 'voucher.code-void', voucherId, `code ${codeId}`))]);
}
