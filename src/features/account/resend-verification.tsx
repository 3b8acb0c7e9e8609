// "Resend verification e-mail": asks the send-verification function for a new activation link.
import { useState } from 'react';
import { ErrorBox } from '../../ui/states.tsx';
import { requestVerificationMail } from './account-api.ts';
import { TextField } from './fields.tsx';
import { ACCOUNT_MESSAGES, VERIFICATION_MAIL_MESSAGES } from '../../../shared/messages.ts';
import { functionErrorMessage, looksLikeEmail } from './messages.ts';

export interface Notice {
  ok: boolean;
  message: string;
}

/** Asks for (another) activation mail; resolves to the text to show (SPEC §5 "Registration resend"). */
export async function sendVerification(email: string): Promise<Notice> {
  const answer = await requestVerificationMail(email);
  if (!answer.ok) return { ok: false, message: await functionErrorMessage(answer.error, VERIFICATION_MAIL_MESSAGES.failed) };
  if (answer.reply?.sent === false && answer.reply.message) return { ok: true, message: answer.reply.message };
  return { ok: true, message: VERIFICATION_MAIL_MESSAGES.sent };
}

function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return notice.ok ? (
    <p className="success-box" role="status">
      {notice.message}
    </p>
  ) : (
    <ErrorBox>{notice.message}</ErrorBox>
  );
}

/** The resend button; without a known e-mail it first asks for one. */
export function ResendVerification({ email: knownEmail, initialNotice = null }: { email?: string; initialNotice?: Notice | null }) {
  const [email, setEmail] = useState(knownEmail ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | null>(initialNotice);
  const [sending, setSending] = useState(false);

  async function resend() {
    if (!looksLikeEmail(email)) {
      setEmailError(ACCOUNT_MESSAGES.invalidEmail);
      return;
    }
    setEmailError(undefined);
    setSending(true);
    setNotice(null);
    setNotice(await sendVerification(email.trim()));
    setSending(false);
  }

  return (
    <div className="resend-verification">
      {knownEmail === undefined && (
        <TextField id="resend-email" label="E-mail" type="email" autoComplete="email" inputMode="email" value={email} onValue={setEmail} error={emailError} />
      )}
      <NoticeLine notice={notice} />
      <button type="button" className="secondary" disabled={sending} onClick={() => void resend()}>
        {sending ? VERIFICATION_MAIL_MESSAGES.sending : VERIFICATION_MAIL_MESSAGES.resend}
      </button>
    </div>
  );
}
