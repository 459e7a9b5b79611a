import './receipt.css';
import type { ReactNode } from 'react';
import { CheckIcon, ClockIcon, CloseIcon } from './icons';

/** How a payment went: paid (a tick), being confirmed, or not paid. */
export type ReceiptTone = 'ok' | 'wait' | 'off';

const toneIcons = { ok: CheckIcon, wait: ClockIcon, off: CloseIcon } as const;

interface ReceiptProps {
  tone: ReceiptTone;
  /** "Payment received", once. */
  title: string;
  /** Where it stands, in the shop's words ("Paid — being delivered, usually within minutes"). */
  status: string;
  /** What was paid for: label and value, in order. */
  rows: [label: string, value: ReactNode][];
  /** What happens next. */
  next: string;
  /** A line for this tab (the other one may be closed). */
  note?: string;
  /** The buttons onwards. */
  actions: ReactNode;
  /** Below the buttons (a chat about it). */
  children?: ReactNode;
  /** h1 where the receipt is the page, h2 inside a form's page. */
  heading?: 'h1' | 'h2';
}

/** A payment's receipt: a mark, the title, the status line, what was paid for, what happens next, and where to go on. */
export function Receipt({ tone, title, status, rows, next, note, actions, children, heading: Heading = 'h2' }: ReceiptProps) {
  const Icon = toneIcons[tone];
  return (
    <section className={`receipt receipt-${tone}`} aria-label={title} data-testid="receipt">
      <span className="receipt-mark">
        <Icon size={28} />
      </span>
      <Heading className="receipt-title">{title}</Heading>
      <p className="receipt-status" data-testid="receipt-status">
        {status}
      </p>
      <dl className="receipt-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="receipt-next">{next}</p>
      {note && <p className="receipt-note muted">{note}</p>}
      <div className="button-row">{actions}</div>
      {children}
    </section>
  );
}
