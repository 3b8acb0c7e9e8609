// /forgot-password (SPEC §2): mails a reset link that comes back to /reset-password.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { appConfig } from '../../config.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { sendPasswordReset } from './account-api.ts';
import { TextField } from './fields.tsx';
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import { failureText, looksLikeEmail } from './messages.ts';
import { paths } from '../../../shared/paths.ts';
import './account.css';

/** Where the mailed link lands: this app's /reset-password, under its base path. */
function resetPasswordUrl(): string {
  const base = appConfig().basePath;
  return paths.resetPassword(`${location.origin}${base}`);
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!looksLikeEmail(email)) {
      setEmailError(ACCOUNT_MESSAGES.invalidEmail);
      return;
    }
    setEmailError(undefined);
    setPhase('sending');
    try {
      await sendPasswordReset(email.trim(), resetPasswordUrl());
      setPhase('sent');
    } catch (err) {
      setPhase('idle');
      setError(failureText(err, 'Failed to send reset email'));
    }
  }

  if (phase === 'sent') {
    return (
      <main className="page account-page">
        <section className="account-card account-narrow account-done" aria-live="polite">
          <h1>Check your email</h1>
          <p>
            A password reset link has been sent to <strong>{email.trim()}</strong>. Open the link to choose a new password. If nothing arrives, check that this is the
            address you registered with.
          </p>
          <Link to="/login" className="button">
            Back to sign in
          </Link>
        </section>
      </main>
    );
  }

  return (
    <main className="page account-page">
      <section className="account-card account-narrow">
        <h1>Forgot your password?</h1>
        <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
        <form className="form account-form" onSubmit={submit} noValidate>
          <TextField
            id="forgot-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onValue={(v) => {
              setEmail(v);
              setEmailError(undefined);
            }}
            error={emailError}
          />
          {error && <ErrorBox>{error}</ErrorBox>}
          <button type="submit" disabled={phase === 'sending'}>
            {phase === 'sending' ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </section>
    </main>
  );
}
