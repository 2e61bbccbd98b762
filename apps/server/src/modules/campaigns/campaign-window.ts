import { localMidnight } from '../../platform/local-dates';

/** Minutes since midnight of `now` in `timeZone`. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * How long until a campaign may send (timeToSendAutomationAndCampaign, in the account's time
 * zone): 0 inside the window (or without one), else the milliseconds to its next start.
 */
export function msUntilWindow(
  window: { start: string; end: string } | null,
  now: Date,
  timeZone: string,
): number {
  if (!window) return 0;
  const t = localMinutes(now, timeZone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (t >= start && t < end) return 0;
  const wait = t < start ? start - t : 24 * 60 - t + start;
  return wait * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds();
}

/** 'YYYY-MM-DDTHH:mm' read as local time in `timeZone`; any ISO instant as is. */
export function scheduleInstant(value: string, timeZone: string): Date {
  const local = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(value);
  if (!local) return new Date(value);
  const [, y, m, d, hh, mm] = local.map(Number);
  return new Date(localMidnight(y, m, d, timeZone).getTime() + (hh * 60 + mm) * 60_000);
}
