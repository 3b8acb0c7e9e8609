// The calendar subscription's states in words: the webcal link and copy button for an address, "subscribe
// again" when the starred sessions changed since, and no link at all when they are too many for one address.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CalendarSubscription } from './calendar-subscription.tsx';
import { SUBSCRIPTION_TEXTS as T } from './my-show-texts.ts';

const FEED = 'https://abc.supabase.co/functions/v1/calendar?sessions=12,40';
const render = (props: Partial<Parameters<typeof CalendarSubscription>[0]> = {}) =>
  renderToStaticMarkup(<CalendarSubscription feedUrl={FEED} starred={2} most={100} changedSince={false} onUse={() => undefined} {...props} />);

describe('CalendarSubscription', () => {
  it('links the webcal:// address, offers to copy the https:// one, and says what both do', () => {
    const html = render();
    expect(html).toContain(`<a class="button" href="webcal://abc.supabase.co/functions/v1/calendar?sessions=12,40">${T.subscribe}</a>`);
    expect(html).toContain(`>${T.copy}</button>`);
    expect(html).toContain(T.starredChanges);
    expect(html).not.toContain(T.changedSince);
  });

  it('says to subscribe again when the starred sessions changed since the address last used here', () => {
    expect(render({ changedSince: true })).toContain(T.changedSince);
  });

  it('offers no address for more sessions than one holds, and says why', () => {
    const html = render({ feedUrl: null, starred: 130 });
    expect(html).toContain(T.tooMany(130, 100));
    expect(html).not.toContain('webcal:');
    expect(html).not.toContain(T.copy);
  });
});
