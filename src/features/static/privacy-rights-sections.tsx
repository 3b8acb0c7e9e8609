// The privacy policy's sections on why data is processed and what the visitor may ask: legal basis, rights,
// retention and security.
import { Link } from 'react-router';
import { MailboxLink } from './mailbox-link.tsx';
import { VOTE_CONTACT_RETENTION_DAYS } from '../../../shared/vote-contacts.ts';
import { PrivacySection } from './privacy-section.tsx';

export function LegalBasisSection() {
  return (
    <PrivacySection id="legal-basis">
      <ul>
        <li>
          <strong>Contract</strong> (Art. 6(1)(b) GDPR): your account, its verification, and the coupons you request, which we process because you asked us to provide
          them.
        </li>
        <li>
          <strong>Legitimate interests</strong> (Art. 6(1)(f) GDPR): running a fair Visitor&apos;s Choice poll (one vote per visitor and event, with a way to contact the
          winning voter if needed), and keeping the app and its data secure.
        </li>
        <li>
          <strong>Consent</strong> (Art. 6(1)(a) GDPR): analytics. You can withdraw your consent at any time, see{' '}
          <a href="#privacy-cookies">Cookies and storage on your device</a>.
        </li>
        <li>
          <strong>Necessary storage</strong>: the catalogue copy, the outbox, the session and the caches on your device are strictly necessary for the app to work as you
          use it, offline included, and need no consent.
        </li>
      </ul>
    </PrivacySection>
  );
}

export function RightsSection() {
  return (
    <PrivacySection id="rights">
      <p>Under the GDPR and similar laws you have the right to:</p>
      <ul>
        <li>access the personal data we hold about you and receive a copy;</li>
        <li>
          have it corrected: you can change your name, phone and address yourself on your <Link to="/profile">profile</Link>;
        </li>
        <li>have it erased, including your account, your votes and your coupons;</li>
        <li>restrict or object to its processing;</li>
        <li>receive the data you gave us in a portable, machine-readable form;</li>
        <li>withdraw your consent to analytics at any time, without affecting what happened before;</li>
        <li>lodge a complaint with your data protection supervisory authority.</li>
      </ul>
      <p>
        Write to us at <MailboxLink /> to use these rights. We answer within one month. Data stored only on your device is under your control: you can delete it at any
        time by clearing this site&apos;s data in your browser.
      </p>
    </PrivacySection>
  );
}

export function RetentionSection() {
  return (
    <PrivacySection id="retention">
      <ul>
        <li>Account profile: for as long as your account exists. When it is deleted, the coupons issued to it are deleted too.</li>
        <li>Verification codes: deleted as soon as they are used, and no longer valid 24 hours after they were issued.</li>
        <li>
          Visitor&apos;s Choice votes: your name, e-mail address and phone number are kept for {VOTE_CONTACT_RETENTION_DAYS} days after the last day of the event you
          voted in, so the organisers can draw and contact the prize winners, and are then deleted automatically. What remains is the catalog number you voted for, the
          event and the time of the vote, which no longer identify you; they keep the poll&apos;s result countable.
        </li>
        <li>Coupon records: for as long as your account exists, so an exhibitor&apos;s single-use coupon can be checked.</li>
        <li>
          On your device: the catalogue copy is refreshed automatically and stays until you clear the site&apos;s data; outbox items stay until they are sent, and sent
          items stay until you clear the site&apos;s data (a failed item can also be discarded from the header); the session ends when you sign out; cached pictures and
          map tiles expire after 30 days.
        </li>
      </ul>
    </PrivacySection>
  );
}

export function SecuritySection() {
  return (
    <PrivacySection id="security">
      <ul>
        <li>The app talks to the backend over encrypted connections (HTTPS).</li>
        <li>
          Access rules in the database itself enforce who may see what: anyone may read the public catalogue and add a vote; only you may read and update your own
          profile; verification codes are readable only by the show&apos;s own server functions. Votes with their contact details are readable only by the show&apos;s
          organisers, for the prize draw; of coupons, organisers see only how many were issued per exhibitor, never the codes or to whom.
        </li>
        <li>Passwords are stored only as hashes, and password reset links are sent to your e-mail address.</li>
        <li>
          Data on your device is protected by your device and browser, and is available to anyone who can use them. On a shared device, sign out when you are done, and
          clear the site&apos;s data if you cast a vote there.
        </li>
      </ul>
    </PrivacySection>
  );
}
