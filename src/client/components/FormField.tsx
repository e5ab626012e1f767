import { useId, type ReactNode } from 'react';
import { formatCount } from '../../domain/format';

// One labelled form control with its hint and its error beside it (PRODUCT §6.3 names the labels).
// The control gets the ids it needs to be described by both, and aria-invalid while in error.

interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

export function FormField({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** "Required, up to 300 characters", or a count once the text nears its limit. */
export function lengthHint(length: number, max: number, required: boolean): string {
  if (length > max * 0.8) return `${formatCount(length)} of ${formatCount(max)} characters`;
  return `${required ? 'Required' : 'Optional'}, up to ${formatCount(max)} characters`;
}
