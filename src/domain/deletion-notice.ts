import { formatLongDate } from './format';
import { mapLifetimeMs } from './limits';

/**
 * The sentence under a published map that says when it is deleted, 90 days after its `published`
 * time (PRODUCT §8.3): "This one will be deleted on February 24, 2027, in 89 days." The date is in
 * UTC; the day count, which depends on the clock, comes only with `now` (a server-rendered page
 * leaves it out until the browser has taken it over, so that both draw the same text). Days are
 * rounded up as on Your maps (rule L2, `daysUntilDeleted` of library.ts). Pure.
 */
export function deletionNotice(published: string, now: Date | null): string {
  const at = Date.parse(published) + mapLifetimeMs;
  const on = formatLongDate(new Date(at).toISOString());
  if (!now) return `This one will be deleted on ${on}.`;
  const days = Math.ceil((at - now.getTime()) / (24 * 60 * 60 * 1000));
  if (days <= 0) return `This one was deleted on ${on}.`;
  return `This one will be deleted on ${on}, in ${days} ${days === 1 ? 'day' : 'days'}.`;
}
