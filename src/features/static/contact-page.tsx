import { Link } from 'react-router';
import { MailboxLink } from './mailbox-link.tsx';
import './static.css';

export function ContactPage() {
  return (
    <main className="page static-page">
      <h1>Contact Us</h1>
      <p className="static-lead">
        All questions go to our general info mailbox. One address for everything means your message reaches the right person in the show team without being passed around.
      </p>
      <p>
        <MailboxLink className="contact-mailbox" />
      </p>

      <h2>What to write to us about</h2>
      <ul>
        <li>The show and the expo: dates, venue, tickets, the schedule and the Visitor&apos;s Choice poll.</li>
        <li>Breeders, litters and exhibitors listed in the app, including corrections to their details.</li>
        <li>Your account: registration, the verification e-mail, signing in or resetting your password.</li>
        <li>Voucher coupons you requested from an exhibitor.</li>
        <li>
          Your personal data: access, correction or deletion, as described in our <Link to="/privacy">privacy policy</Link>.
        </li>
        <li>Ideas and problems with the app itself.</li>
      </ul>

      <h2>Help us help you</h2>
      <ul>
        <li>For account questions, write from the e-mail address you registered with.</li>
        <li>For a coupon, include the exhibitor&apos;s name and the coupon code from your e-mail.</li>
        <li>For a problem with the app, tell us the page, what you expected, and your phone or browser.</li>
        <li>Never send us your password: nobody on the show team will ever ask for it.</li>
      </ul>
      <p>
        Questions about an exhibitor&apos;s products themselves are best answered by the exhibitor; you find their website on their page under{' '}
        <Link to="/pet-products">Pet Products</Link>.
      </p>
    </main>
  );
}
