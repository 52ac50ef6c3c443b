import { forwardRef } from 'react';
import { TextField } from '@/components/text-field';

interface CodeFieldProps {
  label: string;
  hint?: string;
  error?: string | undefined;
  /** A recovery code (letters, digits and a dash) instead of the app's six digits. */
  recovery?: boolean;
  value: string;
  onChange: (value: string) => void;
}

/** The code field: digits and the phone's one-time-code autofill for the app's code; plain text for a recovery code. */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField({ label, hint, error, recovery = false, value, onChange }, ref) {
  return (
    <TextField
      ref={ref}
      label={label}
      hint={hint}
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={recovery ? 20 : 9}
      className="second-factor__code"
      data-testid="second-factor-code"
    />
  );
});
