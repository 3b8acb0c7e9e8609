// The route table of SPEC §2. Screens are lazy-loaded so the first route stays small.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Loading } from '../ui/states.tsx';
import { HomeView } from '../features/home/home-view.tsx';
import { NotFound } from './route-error.tsx';

/** A route's tab title (src/app/layout.tsx sets it); screens named by their data set their own (useDocumentTitle). */
export interface RouteTitle {
  title: string | null;
}
const titled = (title: string | null): RouteTitle => ({ title });

const HomePage = lazy(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage })));

function screen(load: () => Promise<ComponentType>): ReactNode {
  const Screen = lazy(async () => ({ default: await load() }));
  return (
    <Suspense
      fallback={
        <main className="page">
          <Loading>Loading…</Loading>
        </main>
      }
    >
      <Screen />
    </Suspense>
  );
}

/** The visitor's own pages: anonymous visitors go to /login and come back; the profile also lists their coupons. */
function signedIn(withCoupons: boolean): ReactNode {
  return screen(async () => {
    const [{ RequireSignIn }, { ProfilePage }, { MyCoupons }] = await Promise.all([
      import('../features/account/require-sign-in.tsx'),
      import('../features/account/profile-page.tsx'),
      import('../features/advertisers/my-coupons.tsx'),
    ]);
    return () => (
      <RequireSignIn>
        <ProfilePage>{withCoupons && <MyCoupons />}</ProfilePage>
      </RequireSignIn>
    );
  });
}

/** An organiser console page: signed in first, then the organiser role; its own lazy chunk. */
function organiserScreen(load: () => Promise<ComponentType>): ReactNode {
  return screen(async () => {
    const [{ RequireSignIn }, { OrganiserGate }, Page] = await Promise.all([
      import('../features/account/require-sign-in.tsx'),
      import('../features/organiser/organiser-gate.tsx'),
      load(),
    ]);
    return () => (
      <RequireSignIn>
        <OrganiserGate>
          <Page />
        </OrganiserGate>
      </RequireSignIn>
    );
  });
}

/** The ring-side screen: signed in first, then a ring clerk's or an organiser's role; its own lazy chunk. */
function ringClerkScreen(load: () => Promise<ComponentType>): ReactNode {
  return screen(async () => {
    const [{ RequireSignIn }, { RingClerkGate }, Page] = await Promise.all([
      import('../features/account/require-sign-in.tsx'),
      import('../features/organiser/organiser-gate.tsx'),
      load(),
    ]);
    return () => (
      <RequireSignIn>
        <RingClerkGate>
          <Page />
        </RingClerkGate>
      </RequireSignIn>
    );
  });
}

export const routes: RouteObject[] = [
  // Home draws its hero and tiles at once (no Dexie in the first route); its mirror data loads beside it.
  {
    index: true,
    handle: titled(null),
    element: (
      <Suspense fallback={<HomeView />}>
        <HomePage />
      </Suspense>
    ),
  },
  { path: 'breeds', handle: titled('Breeds'), element: screen(() => import('../features/breeds/breeds-page.tsx').then((m) => m.BreedsPage)) },
  { path: 'breeds/:breedAbbreviation', element: screen(() => import('../features/breeds/breed-page.tsx').then((m) => m.BreedPage)) },
  { path: 'my-show', handle: titled('My show'), element: screen(() => import('../features/my-show/my-show-page.tsx').then((m) => m.MyShowPage)) },
  { path: 'schedule', handle: titled('Schedule'), element: screen(() => import('../features/schedule/schedule-page.tsx').then((m) => m.SchedulePage)) },
  { path: 'visitors-choice', handle: titled("Visitor's Choice"), element: screen(() => import('../features/vote/vote-page.tsx').then((m) => m.VotePage)) },
  { path: 'kittens', handle: titled('Kittens'), element: screen(() => import('../features/litters/kittens-page.tsx').then((m) => m.KittensPage)) },
  { path: 'breed-finder-quiz', handle: titled('Breed Finder Quiz'), element: screen(() => import('../features/quiz/quiz-page.tsx').then((m) => m.QuizPage)) },
  { path: 'breeders', handle: titled('Breeders'), element: screen(() => import('../features/breeders/breeders-page.tsx').then((m) => m.BreedersPage)) },
  { path: 'catteries/:catteryName', element: screen(() => import('../features/breeders/cattery-page.tsx').then((m) => m.CatteryPage)) },
  { path: 'litters/:id', element: screen(() => import('../features/litters/litter-page.tsx').then((m) => m.LitterPage)) },
  { path: 'events', handle: titled('Events'), element: screen(() => import('../features/events/events-page.tsx').then((m) => m.EventsPage)) },
  { path: 'events/:id', element: screen(() => import('../features/events/event-page.tsx').then((m) => m.EventPage)) },
  { path: 'pet-products', handle: titled('Pet Products'), element: screen(() => import('../features/advertisers/advertisers-page.tsx').then((m) => m.AdvertisersPage)) },
  { path: 'pet-products/:id', element: screen(() => import('../features/advertisers/advertiser-page.tsx').then((m) => m.AdvertiserPage)) },
  { path: 'catalogue', element: screen(() => import('../features/catalogue/catalogue-page.tsx').then((m) => m.CataloguePage)) },
  { path: 'catalogue/:eventId', element: screen(() => import('../features/catalogue/catalogue-page.tsx').then((m) => m.CataloguePage)) },
  { path: 'catalogue/:eventId/:number', element: screen(() => import('../features/catalogue/entry-page.tsx').then((m) => m.EntryPage)) },
  { path: 'floor-plan', element: screen(() => import('../features/floor-plan/floor-plan-page.tsx').then((m) => m.FloorPlanPage)) },
  { path: 'floor-plan/:eventId', element: screen(() => import('../features/floor-plan/floor-plan-page.tsx').then((m) => m.FloorPlanPage)) },
  { path: 'rings', element: screen(() => import('../features/rings/rings-page.tsx').then((m) => m.RingsPage)) },
  { path: 'rings/:eventId', element: screen(() => import('../features/rings/rings-page.tsx').then((m) => m.RingsPage)) },
  { path: 'results', element: screen(() => import('../features/rings/results-page.tsx').then((m) => m.ResultsPage)) },
  { path: 'results/:eventId', element: screen(() => import('../features/rings/results-page.tsx').then((m) => m.ResultsPage)) },
  { path: 'search', element: screen(() => import('../features/search/search-page.tsx').then((m) => m.SearchPage)) },
  { path: 'login', handle: titled('Sign in'), element: screen(() => import('../features/account/login-page.tsx').then((m) => m.LoginPage)) },
  { path: 'register', handle: titled('Register'), element: screen(() => import('../features/account/register-page.tsx').then((m) => m.RegisterPage)) },
  {
    path: 'forgot-password',
    handle: titled('Forgot password'),
    element: screen(() => import('../features/account/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)),
  },
  {
    path: 'reset-password',
    handle: titled('Reset password'),
    element: screen(() => import('../features/account/reset-password-page.tsx').then((m) => m.ResetPasswordPage)),
  },
  { path: 'profile', handle: titled('Profile'), element: signedIn(true) },
  { path: 'settings', handle: titled('Settings'), element: signedIn(false) },
  { path: 'activate-account', handle: titled('Activate account'), element: screen(() => import('../features/account/activate-page.tsx').then((m) => m.ActivatePage)) },
  { path: 'organiser', handle: titled('Organiser console'), element: organiserScreen(() => import('../features/organiser/console-page.tsx').then((m) => m.ConsolePage)) },
  { path: 'about', handle: titled('About'), element: screen(() => import('../features/static/about-page.tsx').then((m) => m.AboutPage)) },
  { path: 'glossary', handle: titled('Glossary'), element: screen(() => import('../features/static/glossary-page.tsx').then((m) => m.GlossaryPage)) },
  { path: 'contact', handle: titled('Contact'), element: screen(() => import('../features/static/contact-page.tsx').then((m) => m.ContactPage)) },
  { path: 'privacy', handle: titled('Privacy'), element: screen(() => import('../features/static/privacy-page.tsx').then((m) => m.PrivacyPage)) },
  {
    path: 'organiser/results',
    handle: titled('Visitor’s Choice results'),
    element: organiserScreen(() => import('../features/organiser/results-page.tsx').then((m) => m.ResultsPage)),
  },
  {
    path: 'organiser/pen-cards',
    handle: titled('Pen cards'),
    element: organiserScreen(() => import('../features/organiser/pen-cards-page.tsx').then((m) => m.PenCardsPage)),
  },
  {
    path: 'organiser/floor-plan',
    handle: titled('Floor plan'),
    element: organiserScreen(() => import('../features/organiser/floor-plan-page.tsx').then((m) => m.FloorPlanPage)),
  },
  {
    path: 'organiser/rings',
    handle: titled('Ring side'),
    element: ringClerkScreen(() => import('../features/organiser/ring-side-page.tsx').then((m) => m.RingSidePage)),
  },
  {
    path: 'organiser/coupons',
    handle: titled('Coupon report'),
    element: organiserScreen(() => import('../features/organiser/coupon-report-page.tsx').then((m) => m.CouponReportPage)),
  },
  { path: 'terms', handle: titled('Terms'), element: screen(() => import('../features/static/terms-page.tsx').then((m) => m.TermsPage)) },
  // SPEC §8's fallback, inside the chrome like every page (SPEC §2), with a way back in.
  { path: '*', handle: titled('Page not found'), element: <NotFound /> },
];
