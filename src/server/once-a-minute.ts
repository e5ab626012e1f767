const repeatAfterMs = 60_000;

/**
 * `report`, told of a failure the first time and then again only when the message changes or
 * a minute has passed: a broken disk or a worker under pressure fails ten times a second, and
 * the log must stay readable.
 */
export function reportOncePerMinute(
  report: (error: Error) => void,
  now: () => number = Date.now,
): (error: Error) => void {
  let last = { message: '', at: -Infinity };
  return (error) => {
    const at = now();
    if (error.message === last.message && at - last.at < repeatAfterMs) return;
    last = { message: error.message, at };
    report(error);
  };
}
