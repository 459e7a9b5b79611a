import type { AdminVoucher, CodeUploadResult } from '@contract/admin-wire';
import { useId, useRef, useState } from 'react';
import { counted, dateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { type MaskedCode, useVoucherCodes } from '../api/get-codes';
import { useUploadCodes } from '../api/upload-codes';
import { useVoidCode } from '../api/void-code';
import { codeLines, codesFromFile, codesProblem, maxCodeFileBytes, maxCodesPerUpload } from '../../kit/edit-rules';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { ConfirmDialog } from '../../kit/components/confirm-dialog';
import { PagedList } from '../../kit/components/list-states';
import { useFileDrop } from '../../kit/components/use-file-drop';

/**
 * A batch of codes for a voucher: pasted, or read from a dropped or chosen .txt (one a line) or
 * .csv (the first column). The text is emptied once the server has the codes (the answer holds
 * counts only), and kept when it refuses them or when the operator picks another voucher, so that
 * nothing is lost.
 */
export function CodeUpload({ voucher }: { voucher: AdminVoucher }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const [result, setResult] = useState<CodeUploadResult & { voucherId: string }>();
  const { trigger } = useUploadCodes();
  const { busy, run } = useAction('The codes could not be added');
  const count = codeLines(text).length;
  const problem = fileError ?? (tried ? codesProblem(text) : undefined);

  const readFile = async (file: File) => {
    setResult(undefined);
    if (!/\.(txt|csv)$/i.test(file.name)) {
      setFileError('Choose a .txt or .csv file: one code a line');
      return;
    }
    if (file.size > maxCodeFileBytes) {
      setFileError('The file is larger than 1 MB: split it into batches of at most 1000 codes');
      return;
    }
    const codes = codesFromFile(file.name, await file.text());
    setFileError(undefined);
    setText((current) => (current.trim() ? `${current.replace(/\s+$/, '')}\n${codes}` : codes));
    if (fileInput.current) fileInput.current.value = '';
  };

  const { dragging, dropHandlers } = useFileDrop((file) => void readFile(file));

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (codesProblem(text)) return;
    void run(async () => {
      const answer = await trigger({ voucher_id: voucher.voucher_id, codes: text });
      setText('');
      setTried(false);
      setResult({ ...answer, voucherId: voucher.voucher_id });
      toast.success(`${counted(answer.added, 'code')} added, ${counted(answer.duplicates, 'duplicate')} skipped`);
    });
  };

  return (
    <form className="code-upload" onSubmit={send} noValidate aria-label="Add codes">
      <div className={dragging ? 'form-field drop-zone is-dragging' : 'form-field drop-zone'} {...dropHandlers}>
        <label htmlFor={`${id}-codes`}>Codes, one a line</label>
        <textarea
          id={`${id}-codes`}
          className={problem ? 'input textarea code-text is-invalid' : 'input textarea code-text'}
          rows={8}
          spellCheck={false}
          autoComplete="off"
          placeholder={'Paste the codes here, one a line,\nor drop a .txt or .csv file'}
          value={text}
          disabled={busy}
          aria-invalid={Boolean(problem)}
          aria-describedby={`${id}-count${problem ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setFileError(undefined);
            setResult(undefined);
          }}
        />
        <small className="muted" id={`${id}-count`}>
          {count} {count === 1 ? 'code' : 'codes'} (at most {maxCodesPerUpload} a batch; blank lines are skipped)
        </small>
        {problem && (
          <p className="field-error" id={`${id}-error`}>
            {problem}
          </p>
        )}
      </div>
      <div className="upload-buttons">
        <label className={busy ? 'button button-ghost is-disabled' : 'button button-ghost'}>
          Choose a .txt or .csv file
          <input
            ref={fileInput}
            className="visually-hidden"
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            aria-label="Choose a code file"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readFile(file);
            }}
          />
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Adding…' : `Add ${count > 0 ? `${count} ` : ''}codes`}
        </button>
      </div>
      {result?.voucherId === voucher.voucher_id && (
        <p className="notice notice-ok upload-result" role="status">
          Added {result.added}, duplicates {result.duplicates}, stock {result.stock}
        </p>
      )}
    </form>
  );
}

const codeColumns: Column<MaskedCode>[] = [
  { header: 'Code', lead: true, cell: (code) => <span className="mono masked-code">{code.masked}</span> },
  { header: 'Added', cell: (code) => dateTime(code.created_at) },
];

/** The voucher's unsold codes, masked, a page at a time, each with Void. */
export function CodeList({ voucher }: { voucher: AdminVoucher }) {
  const list = useVoucherCodes(voucher.voucher_id);
  const [voiding, setVoiding] = useState<MaskedCode>();
  const { trigger } = useVoidCode();
  return (
    <>
      <PagedList list={list} what="the codes" empty="No unsold codes: add a batch above.">
        {(codes) => (
          <AdminTable
            className="code-table"
            rows={codes}
            columns={codeColumns}
            rowKey={(code) => code.code_id}
            rowAttributes={(code) => ({ 'data-code-id': code.code_id })}
            actions={(code) => (
              <div className="order-actions">
                <button type="button" className="button button-danger button-small" onClick={() => setVoiding(code)}>
                  Void
                </button>
              </div>
            )}
          />
        )}
      </PagedList>
      {voiding && (
        <ConfirmDialog
          title="Void code"
          confirmLabel="Void code"
          busyLabel="Voiding…"
          onConfirm={() => trigger({ voucher_id: voucher.voucher_id, code_id: voiding.code_id })}
          onClose={() => setVoiding(undefined)}
        >
          <p>
            Void the code ending <strong className="mono">{voiding.masked}</strong> of {voucher.voucher_name}? It leaves the stock for good
            and can never be sold, nor uploaded again.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
