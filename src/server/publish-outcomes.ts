// What /healthz knows of publishing (PRODUCT §14): the outcome of the last publishes. A database
// can answer reads and still refuse every write (a full disk, a read-only file system), and a
// load balancer should then stop sending publishes to this instance. Outcomes older than a
// minute are forgotten, so an instance taken out of rotation is tried again a minute later
// rather than left out for good.

export interface PublishOutcomes {
  /** Records the outcome of a publish that reached the store. */
  record(ok: boolean): void;
  /** True when the last three publishes failed, all within the last minute. */
  allFailing(): boolean;
}

const keepMs = 60_000;
const kept = 3;

export function publishOutcomes(now: () => Date): PublishOutcomes {
  const outcomes: { ok: boolean; at: number }[] = [];
  return {
    record(ok) {
      outcomes.push({ ok, at: now().getTime() });
      if (outcomes.length > kept) outcomes.shift();
    },
    allFailing() {
      const since = now().getTime() - keepMs;
      const recent = outcomes.filter((outcome) => outcome.at > since);
      return recent.length === kept && recent.every((outcome) => !outcome.ok);
    },
  };
}
