// Numbers and dates as the product writes them, in English. Plain string work, the same in every
// browser and on the server: the Intl equivalents give the same text, but the first of them on a
// page loads the browser's locale data, which costs tens of milliseconds (PRODUCT §13.6).

/**
 * A whole number as English writes it, with a comma between thousands: 1000 → "1,000".
 * Gives what `toLocaleString('en')` gives for a whole number.
 */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+$)/g, ',');
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The UTC date of an ISO timestamp as English writes it in full: "November 20, 2026". Gives what
 * `toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' })` gives.
 */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
