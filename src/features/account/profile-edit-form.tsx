// The profile card's edit form: personal information and address; the page holds the values and saves them.
import type { FormEvent } from 'react';
import { ErrorBox } from '../../ui/states.tsx';
import { TextField, AddressFieldset } from './fields.tsx';
import type { ProfileField } from './profile-fields.ts';

/** One field's value, change handler and error, as the page binds them. */
interface ProfileFieldBinding {
  id: string;
  name: ProfileField;
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}

interface ProfileEditFormProps {
  email: string;
  field: (name: ProfileField) => ProfileFieldBinding;
  /** The failed save's message. */
  error: string | null;
  saving: boolean;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
}

export function ProfileEditForm({ email, field, error, saving, onSubmit, onCancel }: ProfileEditFormProps) {
  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate aria-label="Edit profile">
      <fieldset>
        <legend>Personal Information</legend>
        <div className="form-grid">
          <TextField {...field('first_name')} label="First name *" autoComplete="given-name" required />
          <TextField {...field('middle_name')} label="Middle name" autoComplete="additional-name" />
          <TextField {...field('last_name')} label="Last name *" autoComplete="family-name" required />
          <TextField id="profile-email" label="E-mail" type="email" value={email} onValue={() => undefined} readOnly hint="Email cannot be changed" />
          <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
        </div>
      </fieldset>
      <AddressFieldset field={field} />
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="account-actions">
        <button type="button" className="secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
