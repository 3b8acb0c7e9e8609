import { Link } from 'react-router';

const TILES = [
  { to: '/breeds', title: 'Discover Breeds', text: 'Every breed at the show, with galleries and certified breeders.' },
  { to: '/kittens', title: 'Find your PurrFect Match', text: 'Available litters and a quiz that ranks breeds for you.' },
  { to: '/breeders', title: 'Meet Breeders', text: 'Certified catteries, their cats, litters and quality labels.' },
  { to: '/pet-products', title: 'Pet Products', text: 'Exhibitors with discount and rebate vouchers.' },
  { to: '/visitors-choice', title: "Visitor's Choice", text: 'Vote for your favourite cat of the show.' },
  { to: '/schedule', title: 'Event Schedule', text: 'What is happening now and next.' },
] as const;

export function HomePage() {
  return (
    <main className="page home">
      <section className="hero">
        <h1>Welcome to PurrFect Show</h1>
        <p>Register for discounts and vouchers from our exhibitors.</p>
        <p className="hero-actions">
          <Link to="/breeds" className="button">
            Get started
          </Link>
          <Link to="/events">View Events</Link>
        </p>
      </section>
      <ul className="tiles">
        {TILES.map((t) => (
          <li key={t.to}>
            <Link to={t.to} className="tile">
              <h2>{t.title}</h2>
              <p>{t.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
