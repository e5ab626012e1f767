import { useSyncExternalStore } from 'react';
import { defaultLimits, type MapLimits } from '../../../domain/limits';

// PRODUCT §3.3: the limits the forms check are the server's own. The page starts with the
// defaults and takes the server's (`GET /api/limits`) when an editor first opens, so a server
// configured lower or higher than the defaults is what the counters and messages say.

let limits: MapLimits = defaultLimits;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The limits the forms check now. */
export function currentLimits(): MapLimits {
  return limits;
}

/** Makes `next` the limits the forms check. */
function setLimits(next: MapLimits): void {
  if (JSON.stringify(next) === JSON.stringify(limits)) return;
  limits = next;
  for (const listener of listeners) listener();
}

/**
 * Takes the limits `fetchLimits` answers, once per page; null (a host that publishes itself, or
 * no answer) keeps the defaults, which the server then still checks on publishing (PRODUCT §12.2).
 */
export function loadLimits(fetchLimits: () => Promise<MapLimits | null>): Promise<void> {
  loading ??= fetchLimits().then(
    (answered) => {
      if (answered) setLimits(answered);
    },
    () => {
      loading = null; // offline, say: ask again on the next editor
    },
  );
  return loading;
}

/** The limits the forms check, following the server's once they arrive. */
export function useMapLimits(): MapLimits {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentLimits,
    () => defaultLimits,
  );
}
