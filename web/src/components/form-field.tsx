import { useId, useState } from 'react';
import { useT } from '../lib/i18n';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and marks it with the danger border. */
  error?: string;
  /** A password field with a show/hide toggle. */
  secret?: boolean;
  /** A line under the field that says what it takes (read with the field). */
  hint?: string;
}

/** A labelled input; an error gives it the danger border and a message read by screen readers. */
export function FormField({ label, error, secret, hint: givenHint, className, ...input }: FieldProps) {
  const { t } = useT();
  const id = useId();
  // An error that says the hint's own sentence ("Player ID must be 8 to 11 digits") is said once, as the error.
  const hint = givenHint && givenHint !== error ? givenHint : undefined;
  const [shown, setShown] = useState(false);
  return (
    <div className={`form-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="input-wrap">
        <input
          id={id}
          className={error !== undefined ? 'input is-invalid' : 'input'}
          aria-invalid={error !== undefined}
          aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
          {...input}
          type={secret ? (shown ? 'text' : 'password') : (input.type ?? 'text')}
        />
        {secret && (
          <button
            type="button"
            className="reveal"
            aria-label={shown ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        )}
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
