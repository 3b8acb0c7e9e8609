// Labelled inputs for the account forms: each error and hint is tied to its input with aria-describedby.
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, error: string | undefined, hint: ReactNode, extra?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, extra ?? null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field-error">
      {children}
    </p>
  );
}

export function TextField({ id, label, value, onValue, error, hint, ...input }: FieldProps) {
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

interface PasswordFieldProps extends Omit<FieldProps, 'type'> {
  /** The id of a checklist or other text that also describes the input. */
  describedById?: string;
}

/** A password input with a Show/Hide toggle button. */
export function PasswordField({ id, label, value, onValue, error, hint, describedById, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint, describedById)}
        />
        <button type="button" className="password-toggle" aria-controls={id} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide password' : 'Show password'}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** The address section of the register and profile forms (SPEC §2): every field optional. */
const ADDRESS_FIELDS = [
  ['street_address', 'Street address', 'address-line1'],
  ['street_address_2', 'Address line 2', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['state_province', 'State / Province', 'address-level1'],
  ['postal_code', 'Postal code', 'postal-code'],
  ['country', 'Country', 'country-name'],
] as const;

export type AddressKey = (typeof ADDRESS_FIELDS)[number][0];

export function AddressFieldset({ field }: { field: (name: AddressKey) => Omit<FieldProps, 'label'> }) {
  return (
    <fieldset>
      <legend>Address</legend>
      <div className="form-grid">
        {ADDRESS_FIELDS.map(([name, label, autoComplete]) => (
          <TextField key={name} {...field(name)} label={label} autoComplete={autoComplete} />
        ))}
      </div>
    </fieldset>
  );
}
