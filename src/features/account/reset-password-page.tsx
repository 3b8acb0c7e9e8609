// /reset-password (SPEC §2, §5): reached from the mailed recovery link, whose session sets the new password.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { appConfig } from '../../config.ts';
import { useAuth } from '../../data/backend.ts';
import { passwordProblems } from '../../../shared/password.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { signOut, updatePassword } from './account-api.ts';
import { PasswordField } from './fields.tsx';
import { failureText } from './messages.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import './account.css';

/** SPEC §9: redirect after a password reset. */
const RESET_REDIRECT_MS = 3000;

const INVALID_LINK = 'Invalid or expired password reset link. Please request a new one.';

export function ResetPasswordPage() {
  const rule = appConfig().password;
  const navigate = useNavigate();
  const { recovery, lastEvent } = useAuth();
  // supabase-js may not have consumed the fragment yet when this page mounts.
  const [fragmentSaysRecovery] = useState(() => /(?:^#|&)type=recovery(?:&|$)/.test(location.hash));
  const hasRecoveryMarker = recovery || lastEvent === 'PASSWORD_RECOVERY' || fragmentSaysRecovery;

  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'resetting' | 'success'>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const mismatch = confirm !== '' && confirm !== password ? 'Passwords do not match' : undefined;
  const problem = submitted ? passwordProblems(password, rule)[0] : undefined;
  const errorShown = Boolean(mismatch || problem || error);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    if (passwordProblems(password, rule).length > 0) return;
    if (password !== confirm) {
      setError('Passwords do not match');
      return;
    }
    setPhase('resetting');
    try {
      await updatePassword(password);
      // The visitor signs in with the new password; the recovery session ends here.
      await signOut();
      setPhase('success');
    } catch (err) {
      setPhase('idle');
      setError(failureText(err, 'Failed to reset password'));
    }
  }

  if (phase === 'success') {
    return (
      <main className="page account-page">
        <section className="account-card account-narrow account-done" aria-live="polite">
          <h1>Password reset successful</h1>
          <p className="success-box">Your password has been changed. Redirecting you to sign in…</p>
          <Link to="/login" className="button">
            Sign in now
          </Link>
        </section>
      </main>
    );
  }

  if (!hasRecoveryMarker) {
    return (
      <main className="page account-page">
        <section className="account-card account-narrow">
          <h1>Reset your password</h1>
          <ErrorBox>{INVALID_LINK}</ErrorBox>
          <p>
            <Link to="/forgot-password">Request a new reset link</Link>
          </p>
        </section>
      </main>
    );
  }

  return (
    <main className="page account-page">
      <section className="account-card account-narrow">
        <h1>Reset your password</h1>
        <p>Choose a new password for your account.</p>
        <form className="form account-form" onSubmit={submit} noValidate>
          <PasswordField
            id="reset-password"
            label="New password"
            autoComplete="new-password"
            required
            value={password}
            onValue={(v) => {
              setPassword(v);
              setError(null);
            }}
            error={problem}
            describedById="reset-password-checklist"
          />
          <PasswordChecklist id="reset-password-checklist" password={password} rule={rule} />
          <PasswordField
            id="reset-confirm"
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirm}
            onValue={(v) => {
              setConfirm(v);
              setError(null);
            }}
            error={mismatch}
          />
          {error && <ErrorBox>{error}</ErrorBox>}
          <button type="submit" disabled={phase === 'resetting' || errorShown}>
            {phase === 'resetting' ? 'Resetting...' : 'Reset password'}
          </button>
        </form>
      </section>
    </main>
  );
}
