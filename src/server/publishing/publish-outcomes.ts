// What /healthz knows of publishing (PRODUCT §14): the outcome of the last publishes. A database
// can answer reads and still refuse every write (a full disk, a read-only file system), and a
// load balancer should then stop sending publishes to this instance. Outcomes older than a
// minute are forgotten; meanwhile the health check's own probe publishes (routes/health.ts) tell
// when writing works again.

export interface PublishOutcomes {
  /** Records the outcome of a publish of `bytes` of map text that reached the store. */
  record(ok: boolean, bytes: number): void;
  /** The largest publish among the recent failures, in bytes of map text (0 when none). */
  largestFailure(): number;
  /** True when the last three publishes failed, all within the last minute. */
  allFailing(): boolean;
}

const keepMs = 60_000;
const kept = 3;

export function publishOutcomes(now: () => Date): PublishOutcomes {
  const outcomes: { ok: boolean; at: number; bytes: number }[] = [];
  const recent = () => {
    const since = now().getTime() - keepMs;
    return outcomes.filter((outcome) => outcome.at > since);
  };
  return {
    record(ok, bytes) {
      outcomes.push({ ok, at: now().getTime(), bytes });
      if (outcomes.length > kept) outcomes.shift();
    },
    allFailing() {
      const last = recent();
      return last.length === kept && last.every((outcome) => !outcome.ok);
    },
    largestFailure() {
      return Math.max(
        0,
        ...recent()
          .filter((outcome) => !outcome.ok)
          .map((outcome) => outcome.bytes),
      );
    },
  };
}
