import { useAction } from '../../../../lib/use-action';
import { saveFile } from '../../kit/save-file';
import { type DayRange, type ReportFile, fetchReportCsv } from '../api/get-sales-report';

const files: { file: ReportFile; label: string }[] = [
  { file: 'days', label: 'Day table' },
  { file: 'promotions', label: 'Promotions' },
  { file: 'orders', label: 'Orders' },
  { file: 'claims', label: 'Claims' },
];

/** The report's CSV files over the range: the day table, the promotions, the orders and the claims. */
export function ReportDownloads({ range }: { range: DayRange }) {
  const { busy, run } = useAction('The CSV could not be downloaded');
  return (
    <div className="upload-buttons">
      {files.map(({ file, label }) => (
        <button
          key={file}
          type="button"
          className="button button-ghost button-small"
          disabled={busy}
          onClick={() => void run(async () => saveFile(await fetchReportCsv(file, range)))}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
