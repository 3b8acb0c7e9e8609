// /profile and /settings (SPEC §2, §5): the signed-in visitor's users row, read and edited by e-mail. The row
// last loaded is kept on this device, so the page shows it at once, offline too, marked as saved data.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../data/backend.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { saveProfile, type Profile } from './account-api.ts';
import { failureText } from './messages.ts';
import { ProfileEditForm } from './profile-edit-form.tsx';
import { PROFILE_FIELDS, type ProfileField } from './profile-fields.ts';
import { ProfileView, SavedMark } from './profile-view.tsx';
import { useProfile } from './use-profile.ts';
import './account.css';

type EditForm = Record<ProfileField, string>;
type EditErrors = Partial<Record<ProfileField, string>>;

function toForm(p: Profile): EditForm {
  return Object.fromEntries(PROFILE_FIELDS.map((k) => [k, p[k] ?? ''])) as EditForm;
}

/** `children` (e.g. the visitor's coupons, composed by the route) render below the profile card. */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const email = user?.email ?? null;
  const userId = user?.id ?? null;
  const { pathname } = useLocation();
  const { profile, setProfile, loadError, savedAt, setSavedAt } = useProfile(email, userId);
  const [mode, setMode] = useState<'viewing' | 'editing' | 'saving'>('viewing');
  const [form, setForm] = useState<EditForm | null>(null);
  const [errors, setErrors] = useState<EditErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const title = pathname.endsWith('/settings') ? 'Settings' : 'Profile';

  let body;
  if (!user) {
    body = <Loading>Loading profile…</Loading>;
  } else if (!email) {
    body = <ErrorBox>{ACCOUNT_MESSAGES.userEmailNotFound}</ErrorBox>;
  } else if (!profile) {
    body = loadError ? <ErrorBox>{loadError}</ErrorBox> : <Loading>Loading profile…</Loading>;
  } else if (mode === 'viewing' || !form) {
    body = (
      <>
        {saved && (
          <p className="success-box" role="status">
            Profile updated successfully
          </p>
        )}
        {savedAt !== null && <SavedMark savedAt={savedAt} />}
        <ProfileView profile={profile} />
        <button
          type="button"
          onClick={() => {
            setForm(toForm(profile));
            setErrors({});
            setError(null);
            setSaved(false);
            setMode('editing');
          }}
        >
          Edit profile
        </button>
      </>
    );
  } else {
    const field = (name: ProfileField) => ({
      id: `profile-${name}`,
      name,
      value: form[name],
      onValue: (v: string) => {
        setForm((f) => (f ? { ...f, [name]: v } : f));
        setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
      },
      error: errors[name],
    });

    const submit = async (e: FormEvent) => {
      e.preventDefault();
      setError(null);
      const found: EditErrors = {};
      if (!form.first_name.trim()) found.first_name = 'First name is required';
      if (!form.last_name.trim()) found.last_name = 'Last name is required';
      setErrors(found);
      if (found.first_name || found.last_name) {
        document.getElementById(found.first_name ? 'profile-first_name' : 'profile-last_name')?.focus();
        return;
      }
      // Blank optional fields are stored as null, as at registration.
      const fields = Object.fromEntries(PROFILE_FIELDS.map((k) => [k, form[k].trim() || null])) as Record<ProfileField, string | null>;
      setMode('saving');
      try {
        setProfile(await saveProfile(email, user.id, fields));
        setSavedAt(null);
        setSaved(true);
        setMode('viewing');
      } catch (err) {
        setMode('editing');
        setError(failureText(err, 'Failed to update profile'));
      }
    };

    const cancel = () => {
      setMode('viewing');
      setErrors({});
      setError(null);
    };
    body = <ProfileEditForm email={email} field={field} error={error} saving={mode === 'saving'} onSubmit={submit} onCancel={cancel} />;
  }

  return (
    <main className="page account-page">
      <section className="account-card">
        <h1>{title}</h1>
        {body}
      </section>
      {children}
    </main>
  );
}
