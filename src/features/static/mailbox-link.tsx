import { appConfig } from '../../config.ts';

/** The show's general info mailbox (VITE_CONTACT_EMAIL), as a mailto link. */
export function MailboxLink({ className }: { className?: string }) {
  const email = appConfig().contactEmail;
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}
