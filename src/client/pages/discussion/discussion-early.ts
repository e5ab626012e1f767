import type { SessionReply } from './work-out-discussion';

// PRODUCT §6.10, §13.6: a discussion page opened by its address starts its worker as the app
// starts (mount.tsx), before the page's own code has arrived, so that the worker reads the maps
// and works out the figures while the page loads. The page takes that worker over when it shows
// the same maps (use-discussion-model.ts), with the replies it sent meanwhile; otherwise it ends it.

/** A new discussion worker (discussion-worker.ts), or null where none starts. */
export function newDiscussionWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./discussion-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** A worker started for the page at an address, and what it replied until the page took it. */
export interface EarlyDiscussion {
  path: string;
  search: string;
  worker: Worker;
  replies: SessionReply[];
  failed: boolean;
}

let early: EarlyDiscussion | null = null;

/** Starts the worker of the discussion page at `path` and `search`, reading its maps at once. */
export function startDiscussionEarly(path: string, search: string): void {
  const worker = newDiscussionWorker();
  if (!worker) return;
  const started: EarlyDiscussion = { path, search, worker, replies: [], failed: false };
  worker.onmessage = (event: MessageEvent<SessionReply>) => started.replies.push(event.data);
  worker.onerror = () => {
    started.failed = true;
  };
  worker.postMessage({ kind: 'load-at', path, search });
  early = started;
  // A reader who goes elsewhere before the page's code arrives leaves it untaken: it is ended,
  // with the maps it holds. (The page, arriving later still, starts a worker of its own.)
  setTimeout(() => {
    if (early !== started) return;
    early = null;
    worker.terminate();
  }, untakenMs);
}

/** How long a worker started early waits for its page to take it. */
const untakenMs = 30_000;

/** The worker started early, once: whoever takes it ends it if it does not fit. */
export function takeEarlyDiscussion(): EarlyDiscussion | null {
  const taken = early;
  early = null;
  return taken;
}
