import { Link } from 'react-router';
import { MailboxLink } from './mailbox-link.tsx';
import './static.css';

export function TermsPage() {
  return (
    <main className="page static-page">
      <h1>Terms of Use</h1>
      <p className="static-lead">These terms apply to your use of the PurrFect Show app. By using the app you accept them; if you do not, please do not use it.</p>

      <section aria-labelledby="terms-copyright">
        <h2 id="terms-copyright">Copyright</h2>
        <p>
          The app, its design and its texts, including the breed descriptions, are protected by copyright and belong to the organisers of PurrFect Show or to the people
          who wrote them. You may view them, and print or save a page for your own, non-commercial use. Copying, republishing or selling them, in whole or in part, needs
          our written permission.
        </p>
      </section>

      <section aria-labelledby="terms-images">
        <h2 id="terms-images">Image rights</h2>
        <p>
          The pictures of cats, kittens, catteries, events and products belong to their photographers, the breeders and the exhibitors, who allow us to show them in the
          app. They may not be downloaded for reuse, edited or published elsewhere without the owner&apos;s permission. If you own a picture shown here and want it
          credited differently or removed, write to us and we will act promptly.
        </p>
      </section>

      <section aria-labelledby="terms-availability">
        <h2 id="terms-availability">Availability</h2>
        <p>
          We aim to keep the app available before, during and after each show, and it is built to keep working on your device when the connection in the hall drops. We
          cannot guarantee that it is always available or free of errors, and we may pause it for maintenance. While you are offline you see the data from your last
          connection, which may be out of date: the header shows when the app last synchronised. Votes and coupon requests made offline are sent once you are back online
          and count only from the moment they reach us.
        </p>
      </section>

      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">Liability disclaimer</h2>
        <p>
          The information in the app is general information provided with care but without warranty. Breed descriptions, health topics and quiz results are no substitute
          for advice from a veterinarian or a breeder, and a quiz match is not a recommendation to buy a particular cat. Breeders and exhibitors are responsible for the
          information about their cattery, litters, products and vouchers; the terms of a voucher are set by the exhibitor who offers it. As far as the law allows, we are
          not liable for damage arising from the use of the app or of the information in it, nor for the content of websites of breeders and exhibitors that the app links
          to. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </section>

      <section aria-labelledby="terms-use">
        <h2 id="terms-use">Use of information</h2>
        <p>
          Use the app for your own visit to the show. Do not collect the contact details of breeders and exhibitors for advertising, do not try to get around its access
          rules, and do not overload it with automated requests. Vote honestly: one vote per person and event, with your own name and contact details. Coupons are
          personal and single-use, and we may refuse or cancel coupons and votes obtained by misuse. How we handle your personal data is explained in our{' '}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </section>

      <section aria-labelledby="terms-modifications">
        <h2 id="terms-modifications">Modifications</h2>
        <p>
          We may change the app and these terms, for example when new features arrive. The current terms are always on this page. If you keep using the app after a
          change, the changed terms apply; registered visitors will hear about important changes by e-mail.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">Contact</h2>
        <p>
          Questions about these terms go to our general info mailbox: <MailboxLink />.
        </p>
      </section>
    </main>
  );
}
