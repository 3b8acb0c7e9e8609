// The privacy policy's "Data we collect": what the show's backend stores, what the app keeps on the device,
// analytics, and maps and the network.
import { VOTE_CONTACT_RETENTION_DAYS } from '../../../shared/vote-contacts.ts';
import { PrivacySection } from './privacy-section.tsx';

export function PrivacyDataSection() {
  return (
    <PrivacySection id="data">
      <h3>Stored by us, on the show&apos;s backend</h3>
      <dl>
        <dt>Your account profile</dt>
        <dd>
          Your first, middle and last name, e-mail address, phone number and postal address (street, second address line, city, state or province, postal code, country),
          whether your account is verified, and when the profile was last updated. Your password is kept by the sign-in service only as a one-way hash; nobody can read it
          back.
        </dd>
        <dt>Account verification</dt>
        <dd>A one-time verification code linked to your e-mail address, valid for 24 hours.</dd>
        <dt>Visitor&apos;s Choice votes</dt>
        <dd>
          Your first and last name, your e-mail address or phone number (whichever you give, so we can contact you), the catalog number of the cat you voted for, the
          event, and when the vote was cast. Voting does not need an account. Your name, e-mail address and phone number are deleted {VOTE_CONTACT_RETENTION_DAYS} days
          after the event ends (see <a href="#privacy-retention">Data retention</a>).
        </dd>
        <dt>Coupon requests and coupon codes</dt>
        <dd>
          For each coupon you request: your account and e-mail address, the exhibitor, the voucher type (discount or rebate) and its amount or percentage, the coupon code
          issued to you, and when it was sent. The code is sent to your e-mail address.
        </dd>
      </dl>

      <h3>Stored by the app, on your device</h3>
      <dl>
        <dt>The show catalogue (IndexedDB)</dt>
        <dd>
          A copy of the public catalogue (breeds, registries, breeders, quality labels, litters, events, the schedule and the exhibitors), kept so the app works without a
          connection. It contains no personal data about you.
        </dd>
        <dt>The outbox (IndexedDB)</dt>
        <dd>
          Votes and coupon requests waiting to be sent, with the details you entered (for a vote: names, e-mail or phone and catalog number; for a coupon: your account id
          and the exhibitor). This is personal data. After an item is sent it is kept on the device, marked as sent and with its coupon code where there is one, so you
          can see that it arrived.
        </dd>
        <dt>Your sign-in session (localStorage)</dt>
        <dd>While you are signed in: the session tokens of the sign-in service, your user id and e-mail address.</dd>
        <dt>
          The <code>cookie-consent</code> flag (localStorage)
        </dt>
        <dd>Remembers that you accepted the cookie banner. Closing the banner with × instead only hides it until you close the tab.</dd>
        <dt>Only when the app is opened over plain http://</dt>
        <dd>
          In localStorage, which of your open tabs is sending the outbox (a random tab id and a time, removed when it is done); in sessionStorage, that you dismissed the
          note about the https:// address.
        </dd>
        <dt>The service worker&apos;s caches</dt>
        <dd>
          The app&apos;s own files, the pictures you have viewed (breeds, catteries, litters, events, exhibitor logos and products) and map tiles, so pages you have seen
          open again offline.
        </dd>
      </dl>

      <h3>Analytics</h3>
      <p>
        Only if you accept the cookie banner <em>and</em> the show has configured an analytics account, the app sends a page-view event (the page address) to Google
        Analytics each time you open a page. Without both, no analytics code is loaded at all.
      </p>

      <h3>Maps and the network</h3>
      <p>
        When the show has a maps service configured, pages with a map load map tiles from it and, for a place without stored coordinates, send it that place&apos;s
        address (never yours) to find it on the map. Like any server your browser contacts, the maps service sees your IP address and the area shown. Without a maps
        service no map data is downloaded. The server that delivers the app and its data also receives your IP address with every request.
      </p>
    </PrivacySection>
  );
}
