// /profile and /settings (SPEC §2, §5): the signed-in visitor's users row, read and edited by e-mail. The row
// last loaded is kept on this device, so the page shows it at once, offline too, marked as saved data.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../data/backend.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { loadProfile, saveProfile, savedProfile, type Profile } from './account-api.ts';
import { TextField, AddressFieldset } from './fields.tsx';
import { failureText } from './messages.ts';
import { PROFILE_FIELDS, type ProfileField } from './profile-fields.ts';
import './account.css';

type EditForm = Record<ProfileField, string>;
type EditErrors = Partial<Record<ProfileField, string>>;

/** An empty profile for a signed-in visitor whose row is missing (SPEC §7 tolerates "no rows"). */
function emptyProfile(email: string): Profile {
  return { email, verified: false, ...(Object.fromEntries(PROFILE_FIELDS.map((k) => [k, null])) as Record<ProfileField, null>) };
}

function toForm(p: Profile): EditForm {
  return Object.fromEntries(PROFILE_FIELDS.map((k) => [k, p[k] ?? ''])) as EditForm;
}

function fullName(p: Profile): string {
  return [p.first_name, p.middle_name, p.last_name].filter((s) => s && s.trim()).join(' ');
}

/** "Saved on this phone — last updated …": the view shows the copy kept on this device, not the server's answer. */
function SavedMark({ savedAt }: { savedAt: number }) {
  const when = new Date(savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="saved-mark" role="status">
      Saved on this phone — last updated {when}
    </p>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const hasAddress = Boolean(profile.street_address || profile.city || profile.country);
  const cityLine = [profile.postal_code, profile.city].filter(Boolean).join(' ');
  return (
    <div className="profile-view">
      <div className="profile-heading">
        <h2>{fullName(profile) || profile.email}</h2>
        <span className={`badge ${profile.verified ? 'badge-verified' : 'badge-pending'}`}>
          {profile.verified ? 'Verified' : 'Pending verification'}
        </span>
      </div>
      <dl className="profile-details">
        <div>
          <dt>E-mail</dt>
          <dd>{profile.email}</dd>
        </div>
        {profile.phone && (
          <div>
            <dt>Phone</dt>
            <dd>{profile.phone}</dd>
          </div>
        )}
        {hasAddress && (
          <div>
            <dt>Address</dt>
            <dd>
              <address>
                {[profile.street_address, profile.street_address_2, cityLine, profile.state_province, profile.country]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="address-line">
                      {line}
                    </span>
                  ))}
              </address>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** `children` (e.g. the visitor's coupons, composed by the route) render below the profile card. */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const email = user?.email ?? null;
  const userId = user?.id ?? null;
  const { pathname } = useLocation();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** When the copy on view was saved on this device; null once the server's row is on view. */
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [mode, setMode] = useState<'viewing' | 'editing' | 'saving'>('viewing');
  const [form, setForm] = useState<EditForm | null>(null);
  const [errors, setErrors] = useState<EditErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!email || !userId) return;
    // `fresh`: the server's row has arrived, and a saved copy read later must not replace it.
    const run = { live: true, fresh: false };
    void savedProfile(email, userId).then((saved) => {
      if (!run.live || run.fresh || !saved) return;
      setProfile(saved.profile);
      setSavedAt(saved.savedAt);
    });
    void loadProfile(email, userId).then(
      (row) => {
        if (!run.live) return;
        run.fresh = true;
        setLoadError(null);
        setSavedAt(null);
        setProfile(row ?? emptyProfile(email));
      },
      // Shown only when there is no saved copy either.
      (err: unknown) => run.live && setLoadError(failureText(err, 'Failed to load profile data')),
    );
    return () => {
      run.live = false;
    };
  }, [email, userId]);

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

    body = (
      <form className="form account-form" onSubmit={submit} noValidate aria-label="Edit profile">
        <fieldset>
          <legend>Personal Information</legend>
          <div className="form-grid">
            <TextField {...field('first_name')} label="First name *" autoComplete="given-name" required />
            <TextField {...field('middle_name')} label="Middle name" autoComplete="additional-name" />
            <TextField {...field('last_name')} label="Last name *" autoComplete="family-name" required />
            <TextField
              id="profile-email"
              label="E-mail"
              type="email"
              value={email}
              onValue={() => undefined}
              readOnly
              hint="Email cannot be changed"
            />
            <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
          </div>
        </fieldset>
        <AddressFieldset field={field} />
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="account-actions">
          <button
            type="button"
            className="secondary"
            disabled={mode === 'saving'}
            onClick={() => {
              setMode('viewing');
              setErrors({});
              setError(null);
            }}
          >
            Cancel
          </button>
          <button type="submit" disabled={mode === 'saving'}>
            {mode === 'saving' ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    );
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
