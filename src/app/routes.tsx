// The route table of SPEC §2. Screens are lazy-loaded so the first route stays small.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Loading } from '../ui/states.tsx';
import { HomePage } from '../features/home/home-page.tsx';

function screen(load: () => Promise<ComponentType>): ReactNode {
  const Screen = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<main className="page"><Loading>Loading…</Loading></main>}>
      <Screen />
    </Suspense>
  );
}

const placeholder = (title: string) => {
  const Placeholder = lazy(async () => {
    const { PlaceholderPage } = await import('../features/placeholder/placeholder-page.tsx');
    return { default: () => <PlaceholderPage title={title} /> };
  });
  return (
    <Suspense fallback={null}>
      <Placeholder />
    </Suspense>
  );
};

export const routes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'breeds', element: screen(() => import('../features/breeds/breeds-page.tsx').then((m) => m.BreedsPage)) },
  { path: 'breeds/:breedAbbreviation', element: screen(() => import('../features/breeds/breed-page.tsx').then((m) => m.BreedPage)) },
  { path: 'schedule', element: screen(() => import('../features/schedule/schedule-page.tsx').then((m) => m.SchedulePage)) },
  { path: 'visitors-choice', element: screen(() => import('../features/vote/vote-page.tsx').then((m) => m.VotePage)) },
  { path: 'kittens', element: screen(() => import('../features/litters/kittens-page.tsx').then((m) => m.KittensPage)) },
  { path: 'breed-finder-quiz', element: placeholder('Breed Finder Quiz') },
  { path: 'breeders', element: screen(() => import('../features/breeders/breeders-page.tsx').then((m) => m.BreedersPage)) },
  { path: 'catteries/:catteryName', element: screen(() => import('../features/breeders/cattery-page.tsx').then((m) => m.CatteryPage)) },
  { path: 'litters/:id', element: screen(() => import('../features/litters/litter-page.tsx').then((m) => m.LitterPage)) },
  { path: 'events', element: screen(() => import('../features/events/events-page.tsx').then((m) => m.EventsPage)) },
  { path: 'events/:id', element: screen(() => import('../features/events/event-page.tsx').then((m) => m.EventPage)) },
  { path: 'pet-products', element: screen(() => import('../features/advertisers/advertisers-page.tsx').then((m) => m.AdvertisersPage)) },
  { path: 'pet-products/:id', element: screen(() => import('../features/advertisers/advertiser-page.tsx').then((m) => m.AdvertiserPage)) },
  { path: 'login', element: placeholder('Sign in') },
  { path: 'register', element: placeholder('Register') },
  { path: 'forgot-password', element: placeholder('Forgot password') },
  { path: 'reset-password', element: placeholder('Reset password') },
  { path: 'profile', element: placeholder('Profile') },
  { path: 'settings', element: placeholder('Settings') },
  { path: 'activate-account', element: placeholder('Account activation') },
  { path: 'about', element: screen(() => import('../features/static/about-page.tsx').then((m) => m.AboutPage)) },
  { path: 'contact', element: screen(() => import('../features/static/contact-page.tsx').then((m) => m.ContactPage)) },
  { path: 'privacy', element: screen(() => import('../features/static/privacy-page.tsx').then((m) => m.PrivacyPage)) },
  { path: 'terms', element: screen(() => import('../features/static/terms-page.tsx').then((m) => m.TermsPage)) },
];
