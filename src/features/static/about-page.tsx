import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import './static.css';

export function AboutPage() {
  return (
    <main className="page static-page">
      <h1>About PurrFect Show</h1>
      <p className="static-lead">
        PurrFect Show is the visitor companion for our cat show and pet expo: a breed information guide you can carry around the hall on your phone.
      </p>

      <h2>A breed guide for the show floor</h2>
      <p>
        Every breed you meet at the show has its own page in the <Link to="/breeds">breed guide</Link>: what the breed looks like, its activity, grooming and vocality
        levels, whether it is happiest indoors or out, its life expectancy and colours, its temperament, the health topics responsible breeders watch for, and the health
        tests they use. Each page lists the certified breeders of that breed who are taking part.
      </p>
      <p>Around the guide, the app helps you make the most of your visit:</p>
      <ul>
        <li>
          <Link to="/breeders">Breeders</Link>: the certified catteries at the show, their registry, quality labels, cats and litters, with a map of where they are based.
        </li>
        <li>
          <Link to="/kittens">Kittens</Link>: litters with kittens still available, and a short breed-finder quiz that ranks the breeds that suit your home and lifestyle.
        </li>
        <li>
          <Link to="/events">Events</Link> and the <Link to="/schedule">schedule</Link>: what is happening now, what starts in the next two hours, and the full programme
          day by day.
        </li>
        <li>
          The <Link to={paths.floorPlan()}>floor plan</Link>: the hall of the show on now, with the rings (and which one is judging now), the benching rows and their
          pens, the stands and the facilities; every place is also in a list you can search.
        </li>
        <li>
          The <Link to={paths.glossary()}>glossary</Link>: what the titles, grades, certificates and finals in the catalogue and the results mean (CH, EX1, CACIB, NOM,
          BIS, Top 10…), and which registry uses which.
        </li>
        <li>
          <Link to="/visitors-choice">Visitor&apos;s Choice</Link>: vote once per event for your favourite cat by its catalog number, no account needed.
        </li>
        <li>
          <Link to="/pet-products">Pet Products</Link>: the exhibitors and advertisers of the expo, their products, and the discount and rebate vouchers they offer.
          Registered visitors can have a voucher coupon sent to their e-mail.
        </li>
      </ul>

      <h2>Made for weak hall Wi-Fi</h2>
      <p>
        Exhibition halls are known for poor reception. After your first visit the app keeps a copy of the public show catalogue on your device, so breeds, breeders,
        litters, events, the schedule and the exhibitors stay readable with no connection at all. Votes and coupon requests you make while offline wait safely on your
        device and are sent as soon as the network is back; the header always shows what is still waiting. You can also install the app on your home screen.
      </p>

      <h2>What is coming next</h2>
      <p>We are growing the guide show by show. Planned features include:</p>
      <ul>
        <li>
          <strong>More species</strong>: guides for the other animals that join our pet expos, starting with dogs and small pets.
        </li>
        <li>
          <strong>Additional breeds</strong>: new and rare cat breeds, and the experimental breeds presented in the new-breed classes.
        </li>
        <li>
          <strong>Vendor information</strong>: fuller exhibitor pages with stand numbers, opening hours and the products on show.
        </li>
        <li>
          <strong>Digital vouchers</strong>: vouchers kept in the app and shown at the stand, next to the coupon e-mails we send today.
        </li>
        <li>
          <strong>Interactive features</strong>: reminders for the sessions you do not want to miss, and live results from the judging rings.
        </li>
      </ul>

      <h2>Get in touch</h2>
      <p>
        Ideas, corrections or a breed you would like to see? Tell us through the <Link to="/contact">contact page</Link>.
      </p>
    </main>
  );
}
