import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MailboxLink } from './mailbox-link.tsx';
import { VOTE_CONTACT_RETENTION_DAYS } from '../../../shared/vote-contacts.ts';
import './static.css';

const SECTIONS = [
  ['collection', 'Collection and use of information'],
  ['data', 'Data we collect'],
  ['legal-basis', 'Legal basis for processing'],
  ['rights', 'Your rights'],
  ['retention', 'Data retention'],
  ['security', 'Security'],
  ['transfers', 'International transfers'],
  ['cookies', 'Cookies and storage on your device'],
  ['changes', 'Changes to this policy'],
  ['contact', 'Contact'],
] as const;
type SectionId = (typeof SECTIONS)[number][0];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find(([key]) => key === id)![1];
  return (
    <section aria-labelledby={`privacy-${id}`}>
      <h2 id={`privacy-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

export function PrivacyPage() {
  return (
    <main className="page static-page">
      <h1>Privacy Policy</h1>
      <p className="static-lead">
        This policy explains what personal data the PurrFect Show app handles, where it is kept, why, for how long, and what you
        can ask of us. It is written for this app as it works today, including what it keeps on your own device.
      </p>
      <nav aria-label="Privacy policy sections">
        <ol className="static-contents">
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#privacy-${id}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="collection">
        <p>
          The organisers of PurrFect Show (&ldquo;we&rdquo;) are the controller of the personal data processed through this app.
          You can browse everything in the app (breeds, breeders, litters, events, the schedule and the exhibitors) without
          giving us any personal data. We only receive personal data when you choose to:
        </p>
        <ul>
          <li>create an account, which lets you request voucher coupons from exhibitors;</li>
          <li>vote in the Visitor&apos;s Choice poll;</li>
          <li>request a voucher coupon while signed in;</li>
          <li>accept analytics in the cookie banner, where the show has analytics switched on.</li>
        </ul>
        <p>
          We use this data only to run your account, count the poll fairly, send you the coupons you ask for, and understand
          which pages are used. We do not sell it, and we do not pass it to exhibitors or breeders: a coupon reaches you by
          e-mail and you decide whether to use it.
        </p>
      </Section>

      <Section id="data">
        <h3>Stored by us, on the show&apos;s backend</h3>
        <dl>
          <dt>Your account profile</dt>
          <dd>
            Your first, middle and last name, e-mail address, phone number and postal address (street, second address line, city,
            state or province, postal code, country), whether your account is verified, and when the profile was last updated.
            Your password is kept by the sign-in service only as a one-way hash; nobody can read it back.
          </dd>
          <dt>Account verification</dt>
          <dd>A one-time verification code linked to your e-mail address, valid for 24 hours.</dd>
          <dt>Visitor&apos;s Choice votes</dt>
          <dd>
            Your first and last name, your e-mail address or phone number (whichever you give, so we can contact you), the catalog
            number of the cat you voted for, the event, and when the vote was cast. Voting does not need an account. Your name,
            e-mail address and phone number are deleted {VOTE_CONTACT_RETENTION_DAYS} days after the event ends (see{' '}
            <a href="#privacy-retention">Data retention</a>).
          </dd>
          <dt>Coupon requests and coupon codes</dt>
          <dd>
            For each coupon you request: your account and e-mail address, the exhibitor, the voucher type (discount or rebate) and
            its amount or percentage, the coupon code issued to you, and when it was sent. The code is sent to your e-mail address.
          </dd>
        </dl>

        <h3>Stored by the app, on your device</h3>
        <dl>
          <dt>The show catalogue (IndexedDB)</dt>
          <dd>
            A copy of the public catalogue (breeds, registries, breeders, quality labels, litters, events, the schedule and the
            exhibitors), kept so the app works without a connection. It contains no personal data about you.
          </dd>
          <dt>The outbox (IndexedDB)</dt>
          <dd>
            Votes and coupon requests waiting to be sent, with the details you entered (for a vote: names, e-mail or phone and
            catalog number; for a coupon: your account id and the exhibitor). This is personal data. After an item is sent it is
            kept on the device, marked as sent and with its coupon code where there is one, so you can see that it arrived.
          </dd>
          <dt>Your sign-in session (localStorage)</dt>
          <dd>While you are signed in: the session tokens of the sign-in service, your user id and e-mail address.</dd>
          <dt>
            The <code>cookie-consent</code> flag (localStorage)
          </dt>
          <dd>Remembers that you accepted the cookie banner. Closing the banner with × instead only hides it until you close the tab.</dd>
          <dt>Only when the app is opened over plain http://</dt>
          <dd>
            In localStorage, which of your open tabs is sending the outbox (a random tab id and a time, removed when it is done);
            in sessionStorage, that you dismissed the note about the https:// address.
          </dd>
          <dt>The service worker&apos;s caches</dt>
          <dd>
            The app&apos;s own files, the pictures you have viewed (breeds, catteries, litters, events, exhibitor logos and
            products) and map tiles, so pages you have seen open again offline.
          </dd>
        </dl>

        <h3>Analytics</h3>
        <p>
          Only if you accept the cookie banner <em>and</em> the show has configured an analytics account, the app sends a
          page-view event (the page address) to Google Analytics each time you open a page. Without both, no analytics code is
          loaded at all.
        </p>

        <h3>Maps and the network</h3>
        <p>
          When the show has a maps service configured, pages with a map load map tiles from it and, for a place without stored
          coordinates, send it that place&apos;s address (never yours) to find it on the map. Like any server your browser
          contacts, the maps service sees your IP address and the area shown. Without a maps service no map data is downloaded.
          The server that delivers the app and its data also receives your IP address with every request.
        </p>
      </Section>

      <Section id="legal-basis">
        <ul>
          <li>
            <strong>Contract</strong> (Art. 6(1)(b) GDPR): your account, its verification, and the coupons you request, which we
            process because you asked us to provide them.
          </li>
          <li>
            <strong>Legitimate interests</strong> (Art. 6(1)(f) GDPR): running a fair Visitor&apos;s Choice poll (one vote per
            visitor and event, with a way to contact the winning voter if needed), and keeping the app and its data secure.
          </li>
          <li>
            <strong>Consent</strong> (Art. 6(1)(a) GDPR): analytics. You can withdraw your consent at any time, see{' '}
            <a href="#privacy-cookies">Cookies and storage on your device</a>.
          </li>
          <li>
            <strong>Necessary storage</strong>: the catalogue copy, the outbox, the session and the caches on your device are
            strictly necessary for the app to work as you use it, offline included, and need no consent.
          </li>
        </ul>
      </Section>

      <Section id="rights">
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
          Write to us at <MailboxLink /> to use these rights. We answer within one month. Data stored only on your device is under
          your control: you can delete it at any time by clearing this site&apos;s data in your browser.
        </p>
      </Section>

      <Section id="retention">
        <ul>
          <li>Account profile: for as long as your account exists. When it is deleted, the coupons issued to it are deleted too.</li>
          <li>Verification codes: deleted as soon as they are used, and no longer valid 24 hours after they were issued.</li>
          <li>
            Visitor&apos;s Choice votes: your name, e-mail address and phone number are kept for {VOTE_CONTACT_RETENTION_DAYS} days
            after the last day of the event you voted in, so the organisers can draw and contact the prize winners, and are then
            deleted automatically. What remains is the catalog number you voted for, the event and the time of the vote, which
            no longer identify you; they keep the poll&apos;s result countable.
          </li>
          <li>Coupon records: for as long as your account exists, so an exhibitor&apos;s single-use coupon can be checked.</li>
          <li>
            On your device: the catalogue copy is refreshed automatically and stays until you clear the site&apos;s data; outbox
            items stay until they are sent, and sent items stay until you clear the site&apos;s data (a failed item can also be
            discarded from the header); the session ends when you sign out; cached pictures and map tiles expire after 30 days.
          </li>
        </ul>
      </Section>

      <Section id="security">
        <ul>
          <li>The app talks to the backend over encrypted connections (HTTPS).</li>
          <li>
            Access rules in the database itself enforce who may see what: anyone may read the public catalogue and add a vote; only
            you may read and update your own profile; verification codes are readable only by the show&apos;s own server
            functions. Votes with their contact details are readable only by the show&apos;s organisers, for the prize draw;
            of coupons, organisers see only how many were issued per exhibitor, never the codes or to whom.
          </li>
          <li>Passwords are stored only as hashes, and password reset links are sent to your e-mail address.</li>
          <li>
            Data on your device is protected by your device and browser, and is available to anyone who can use them. On a shared
            device, sign out when you are done, and clear the site&apos;s data if you cast a vote there.
          </li>
        </ul>
      </Section>

      <Section id="transfers">
        <p>
          Our backend is run by a hosting provider that we choose for each show. When personal data is processed outside the
          European Economic Area, the United Kingdom or Switzerland, by that provider, by the maps service or by Google for analytics, we rely on an
          adequacy decision of the European Commission or on its Standard Contractual Clauses, with additional safeguards where
          they are needed. When the show runs the app from a server in the venue, your data stays on that server. Write to us for
          a copy of the safeguards that apply.
        </p>
      </Section>

      <Section id="cookies">
        <p>
          The app itself sets no cookies. It uses your browser&apos;s storage as described under{' '}
          <a href="#privacy-data">Data we collect</a>: IndexedDB for the catalogue copy and the outbox, localStorage for your
          session and the <code>cookie-consent</code> flag, sessionStorage to remember that you closed the banner, and the service
          worker&apos;s caches. Google Analytics sets its own cookies, but only when you have accepted and analytics is
          configured.
        </p>
        <p>
          To withdraw your consent, clear this site&apos;s data in your browser settings; the banner then asks again. Note that
          this also deletes any votes or coupon requests that have not been sent yet, so wait until the header shows nothing
          waiting to send.
        </p>
      </Section>

      <Section id="changes">
        <p>
          We update this policy when the app or the way we handle data changes, for example when a planned feature arrives. The
          current version is always on this page, and we will tell registered visitors by e-mail about changes that affect their
          data.
        </p>
      </Section>

      <Section id="contact">
        <p>
          For any question about this policy or your personal data, write to our general info mailbox: <MailboxLink />.
        </p>
      </Section>
    </main>
  );
}
