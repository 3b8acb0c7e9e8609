// /register (SPEC §2, §5): sign up with the profile as metadata (a trigger creates the users row), ask the
// send-verification function for the activation mail, then sign out so the visitor signs in once verified.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { appConfig } from '../../config.ts';
import { passwordProblems } from '../../../shared/password.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { signOut, signUp } from './account-api.ts';
import { FieldError, PasswordField, TextField, AddressFieldset } from './fields.tsx';
import { PROFILE_FIELDS, type ProfileField } from './profile-fields.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import { looksLikeEmail, messageOf } from './messages.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { ResendVerification, sendVerification, type Notice } from './resend-verification.tsx';
import './account.css';

type RegisterForm = Record<ProfileField | 'email' | 'password' | 'confirm_password', string> & { privacy: boolean };
type RegisterErrors = Partial<Record<keyof RegisterForm, string>>;

const EMPTY: RegisterForm = {
  first_name: '',
  middle_name: '',
  last_name: '',
  email: '',
  phone: '',
  street_address: '',
  street_address_2: '',
  city: '',
  postal_code: '',
  state_province: '',
  country: '',
  password: '',
  confirm_password: '',
  privacy: false,
};

/** SPEC §5 "Registration": one message per field that fails. */
function validateRegistration(form: RegisterForm): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!form.first_name.trim()) errors.first_name = 'First name is required';
  if (!form.last_name.trim()) errors.last_name = 'Last name is required';
  if (!looksLikeEmail(form.email)) errors.email = ACCOUNT_MESSAGES.invalidEmail;
  const problem = passwordProblems(form.password, appConfig().password)[0];
  if (problem) errors.password = problem;
  if (form.confirm_password !== form.password) errors.confirm_password = "Passwords don't match";
  if (!form.privacy) errors.privacy = 'You must accept the privacy policy';
  return errors;
}

function CheckYourEmail({ email, initialNotice }: { email: string; initialNotice: Notice | null }) {
  return (
    <main className="page account-page">
      <section className="account-card account-done" aria-live="polite">
        <h1>Check your email</h1>
        <p>Your account has been created.</p>
        <p>
          We sent a verification link to <strong>{email}</strong>. Please check your email and open the link to verify your account, then sign in.
        </p>
        <div className="account-actions">
          <Link to="/login" className="button">
            Back to sign in
          </Link>
        </div>
        <p className="hint">No e-mail after a few minutes? Check your spam folder or ask for a new one.</p>
        <ResendVerification email={email} initialNotice={initialNotice} />
      </section>
    </main>
  );
}

export function RegisterPage() {
  const rule = appConfig().password;
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'form' | 'submitting' | 'done'>('form');
  const [sent, setSent] = useState<{ email: string; notice: Notice | null } | null>(null);

  const set = <K extends keyof RegisterForm>(name: K, value: RegisterForm[K]) => {
    setForm((f) => ({ ...f, [name]: value }));
    // A corrected field loses its error; the rest stay until the next submit.
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const text = (name: Exclude<keyof RegisterForm, 'privacy'>) => ({
    id: `register-${name}`,
    name,
    value: form[name],
    onValue: (v: string) => set(name, v),
    error: errors[name],
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const found = validateRegistration(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      // Take the visitor to the first field that needs attention.
      const first = Object.keys(found).find((k) => found[k as keyof RegisterForm]);
      document.getElementById(`register-${first ?? ''}`)?.focus();
      return;
    }
    setPhase('submitting');
    const email = form.email.trim();
    const profile = Object.fromEntries(PROFILE_FIELDS.map((k) => [k, form[k].trim()]));
    try {
      await signUp(email, form.password, profile);
      const notice = await sendVerification(email);
      // Sign-up answers alike for a new and a registered address, without a session (the visitor signs in
      // after verifying), so nothing here may depend on which it was; signing out drops any older session.
      await signOut();
      setSent({ email, notice: notice.ok ? null : notice });
      setPhase('done');
    } catch (err) {
      setPhase('form');
      setError(messageOf(err, 'Failed to register'));
    }
  }

  if (phase === 'done' && sent) return <CheckYourEmail email={sent.email} initialNotice={sent.notice} />;

  return (
    <main className="page account-page">
      <section className="account-card">
        <h1>Create your account</h1>
        <p>
          Already registered? <Link to="/login">Sign in</Link>
        </p>
        <form className="form account-form" onSubmit={submit} noValidate>
          <fieldset>
            <legend>Personal Information</legend>
            <div className="form-grid">
              <TextField {...text('first_name')} label="First name *" autoComplete="given-name" required />
              <TextField {...text('middle_name')} label="Middle name" autoComplete="additional-name" />
              <TextField {...text('last_name')} label="Last name *" autoComplete="family-name" required />
              <TextField {...text('email')} label="E-mail *" type="email" autoComplete="email" inputMode="email" required />
              <TextField {...text('phone')} label="Phone" type="tel" autoComplete="tel" />
            </div>
          </fieldset>
          <AddressFieldset field={text} />
          <fieldset>
            <legend>Password</legend>
            <PasswordField {...text('password')} label="Password *" autoComplete="new-password" required describedById="register-password-checklist" />
            <PasswordChecklist id="register-password-checklist" password={form.password} rule={rule} />
            <PasswordField {...text('confirm_password')} label="Confirm password *" autoComplete="new-password" required />
          </fieldset>
          <div className="form-row checkbox-row">
            <input
              id="register-privacy"
              type="checkbox"
              checked={form.privacy}
              onChange={(e) => set('privacy', e.target.checked)}
              aria-invalid={errors.privacy ? true : undefined}
              aria-describedby={errors.privacy ? 'register-privacy-error' : undefined}
            />
            <label htmlFor="register-privacy">
              I have read and accept the{' '}
              <Link to="/privacy" target="_blank">
                privacy policy
              </Link>
            </label>
            {errors.privacy && <FieldError id="register-privacy-error">{errors.privacy}</FieldError>}
          </div>
          {error && <ErrorBox>{error}</ErrorBox>}
          <button type="submit" disabled={phase === 'submitting'}>
            {phase === 'submitting' ? 'Registering...' : 'Register'}
          </button>
        </form>
      </section>
    </main>
  );
}
