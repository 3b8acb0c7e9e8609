// /privacy: the privacy policy. Its contents list and section frame are privacy-section.tsx; the longer
// sections are components beside this file.
import { MailboxLink } from './mailbox-link.tsx';
import { PrivacyDataSection } from './privacy-data-section.tsx';
import { LegalBasisSection, RetentionSection, RightsSection, SecuritySection } from './privacy-rights-sections.tsx';
import { PRIVACY_SECTIONS, PrivacySection } from './privacy-section.tsx';
import './static.css';

export function PrivacyPage() {
  return (
    <main className="page static-page">
      <h1>Privacy Policy</h1>
      <p className="static-lead">
        This policy explains what personal data the PurrFect Show app handles, where it is kept, why, for how long, and what you can ask of us. It is written for this app
        as it works today, including what it keeps on your own device.
      </p>
      <nav aria-label="Privacy policy sections">
        <ol className="static-contents">
          {PRIVACY_SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#privacy-${id}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <PrivacySection id="collection">
        <p>
          The organisers of PurrFect Show (&ldquo;we&rdquo;) are the controller of the personal data processed through this app. You can browse everything in the app
          (breeds, breeders, litters, events, the schedule and the exhibitors) without giving us any personal data. We only receive personal data when you choose to:
        </p>
        <ul>
          <li>create an account, which lets you request voucher coupons from exhibitors;</li>
          <li>vote in the Visitor&apos;s Choice poll;</li>
          <li>request a voucher coupon while signed in;</li>
          <li>accept analytics in the cookie banner, where the show has analytics switched on.</li>
        </ul>
        <p>
          We use this data only to run your account, count the poll fairly, send you the coupons you ask for, and understand which pages are used. We do not sell it, and
          we do not pass it to exhibitors or breeders: a coupon reaches you by e-mail and you decide whether to use it.
        </p>
      </PrivacySection>

      <PrivacyDataSection />
      <LegalBasisSection />
      <RightsSection />
      <RetentionSection />
      <SecuritySection />

      <PrivacySection id="transfers">
        <p>
          Our backend is run by a hosting provider that we choose for each show. When personal data is processed outside the European Economic Area, the United Kingdom or
          Switzerland, by that provider, by the maps service or by Google for analytics, we rely on an adequacy decision of the European Commission or on its Standard
          Contractual Clauses, with additional safeguards where they are needed. When the show runs the app from a server in the venue, your data stays on that server.
          Write to us for a copy of the safeguards that apply.
        </p>
      </PrivacySection>

      <PrivacySection id="cookies">
        <p>
          The app itself sets no cookies. It uses your browser&apos;s storage as described under <a href="#privacy-data">Data we collect</a>: IndexedDB for the catalogue
          copy and the outbox, localStorage for your session and the <code>cookie-consent</code> flag, sessionStorage to remember that you closed the banner, and the
          service worker&apos;s caches. Google Analytics sets its own cookies, but only when you have accepted and analytics is configured.
        </p>
        <p>
          To withdraw your consent, clear this site&apos;s data in your browser settings; the banner then asks again. Note that this also deletes any votes or coupon
          requests that have not been sent yet, so wait until the header shows nothing waiting to send.
        </p>
      </PrivacySection>

      <PrivacySection id="changes">
        <p>
          We update this policy when the app or the way we handle data changes, for example when a planned feature arrives. The current version is always on this page,
          and we will tell registered visitors by e-mail about changes that affect their data.
        </p>
      </PrivacySection>

      <PrivacySection id="contact">
        <p>
          For any question about this policy or your personal data, write to our general info mailbox: <MailboxLink />.
        </p>
      </PrivacySection>
    </main>
  );
}
