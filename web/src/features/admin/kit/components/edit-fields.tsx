import { useId } from 'react';
import { SafeHtml } from '../../../../components/safe-html';

interface TextAreaFieldProps extends Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: React.ReactNode;
}

/** A labelled textarea; an error gives it the danger border and a message read by screen readers. */
export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`form-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && <small className="muted field-hint">{hint}</small>}
      <textarea
        id={id}
        className={error !== undefined ? 'input textarea is-invalid' : 'input textarea'}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string;
}

/** A labelled select. */
export function SelectField({ label, error, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`form-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={error !== undefined ? 'input is-invalid' : 'input'} aria-invalid={error !== undefined} {...select}>
        {children}
      </select>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Hide the label visually (it still names the switch). */
  hideLabel?: boolean;
  /** Why the server refused the form for want of this switch, said under it. */
  error?: string;
}

/** An on/off switch: a checkbox with the switch role; an error is said under it and read with it. */
export function Switch({ label, checked, onChange, disabled, hideLabel, error }: SwitchProps) {
  const errorId = useId();
  return (
    <>
      <label className={disabled ? 'switch is-disabled' : 'switch'}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-describedby={error ? errorId : undefined}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="switch-track" aria-hidden="true" />
        <span className={hideLabel ? 'visually-hidden' : 'switch-label'}>{label}</span>
      </label>
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

interface HtmlFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rows?: number;
  maxLength?: number;
  /** The class the shop gives this HTML where it shows it, so that the preview looks the same. */
  previewClassName?: string;
}

/**
 * HTML as an operator writes it, and beside it a live preview through the shop's one sanitiser
 * (SafeHtml): what the preview leaves out, the shop leaves out too.
 */
export function HtmlField({ label, value, onChange, error, rows = 8, maxLength, previewClassName }: HtmlFieldProps) {
  const previewId = useId();
  return (
    <div className="html-field">
      <TextAreaField
        label={label}
        hint="HTML: <p>, <strong>, <a href>, <ul>/<li>, <img>… Scripts, styles and forms are removed where it is shown."
        value={value}
        rows={rows}
        maxLength={maxLength}
        spellCheck
        error={error}
        aria-controls={previewId}
        onChange={(event) => onChange(event.target.value)}
      />
      <section className="html-preview" id={previewId} aria-label={`${label} preview`}>
        <p className="eyebrow">Preview, as the shop shows it</p>
        {value.trim() ? <SafeHtml html={value} className={previewClassName} /> : <p className="muted">Nothing yet.</p>}
      </section>
    </div>
  );
}
