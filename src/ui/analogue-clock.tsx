import { timeZoneOffsetMs } from '../../shared/dates.ts';
import { useNow } from './use-now.ts';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A live analogue clock (the Home page's Event Schedule tile), on the wall clock of `timeZone` (the
 * venue's) when given, else the device's.
 */
export function AnalogueClock({ size = 72, timeZone, zoneNote }: { size?: number; timeZone?: string; zoneNote?: string }) {
  const now = useNow();
  // The zone's wall clock read from UTC fields: one formatToParts a second, and no locale data, which
  // toLocaleTimeString() would load (it cost the home page's first render most of its main-thread time).
  const wall = timeZone ? new Date(now.getTime() + timeZoneOffsetMs(now, timeZone)) : null;
  const hours = wall ? wall.getUTCHours() : now.getHours();
  const minutes = wall ? wall.getUTCMinutes() : now.getMinutes();
  const s = now.getSeconds();
  const m = minutes + s / 60;
  const h = (hours % 12) + m / 60;
  const hand = (angle: number, length: number, width: number, className?: string) => (
    <line
      x1="50"
      y1="50"
      x2={50 + length * Math.sin((angle * Math.PI) / 180)}
      y2={50 - length * Math.cos((angle * Math.PI) / 180)}
      stroke="currentColor"
      strokeWidth={width}
      strokeLinecap="round"
      className={className}
    />
  );
  // Hours and minutes: a screen reader needs no seconds.
  const label = `Clock showing ${twoDigits(hours)}:${twoDigits(minutes)}${zoneNote ? ` ${zoneNote}` : ''}`;
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={label} className="analogue-clock">
      <circle cx="50" cy="50" r="46" stroke="currentColor" strokeWidth="4" className="clock-face" />
      {Array.from({ length: 12 }, (_, i) => (
        <line key={i} x1="50" y1="8" x2="50" y2={i % 3 === 0 ? 16 : 12} stroke="currentColor" strokeWidth="3" transform={`rotate(${i * 30} 50 50)`} />
      ))}
      {hand(h * 30, 24, 5)}
      {hand(m * 6, 34, 3.5)}
      {hand(s * 6, 38, 1.5, 'clock-seconds')}
      <circle cx="50" cy="50" r="3" fill="currentColor" />
    </svg>
  );
}
