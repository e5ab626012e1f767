import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Reason } from '../../../domain/belief-map';
import type { MapId } from '../../../domain/map-id';
import { newDiscussionWorker, takeEarlyDiscussion } from './discussion-early';
import { discussionOriginAt, sameOrigin, type DiscussionOrigin } from './discussion-origin';
import type {
  EntrySummary,
  LoadedDiscussion,
  SessionReply,
  SessionRequest,
  WorkedDiscussion,
} from './work-out-discussion';

// PRODUCT §6.10, §13.6: the page's side of its discussion's session (work-out-discussion.ts). The
// session runs in a Web Worker (discussion-worker.ts): it reads the maps, works out the figures,
// again whenever a map is left out or taken back (only the answer to the latest request is
// shown), and gives a reason's full text when one is added to a draft. Where no worker starts, or
// one fails, the session runs in the page, loaded after it.

/** How the page reaches its session. */
interface Channel {
  send(request: SessionRequest): void;
  close(): void;
}

/**
 * A channel to a worker reading `origin`'s maps: the one started with the app when it reads the
 * same maps (its replies so far are answered at once), else a new one, sent the load. Null where
 * no worker starts.
 */
function workerChannel(
  origin: DiscussionOrigin,
  onReply: (reply: SessionReply) => void,
  onFail: () => void,
): Channel | null {
  const early = takeEarlyDiscussion();
  const earlyOrigin = early && discussionOriginAt(early.path, early.search);
  const fits = early && !early.failed && earlyOrigin && sameOrigin(earlyOrigin, origin);
  if (early && !fits) early.worker.terminate();
  const worker = fits ? early.worker : newDiscussionWorker();
  if (!worker) return null;
  worker.onmessage = (event: MessageEvent<SessionReply>) => onReply(event.data);
  worker.onerror = () => {
    worker.terminate();
    onFail();
  };
  if (fits) early.replies.forEach(onReply);
  else worker.postMessage({ kind: 'load', origin } satisfies SessionRequest);
  return { send: (request) => worker.postMessage(request), close: () => worker.terminate() };
}

function inPageChannel(onReply: (reply: SessionReply) => void): Channel {
  let open = true;
  const module = import('./work-out-discussion');
  const session = module.then(({ DiscussionSession }) => new DiscussionSession());
  // Requests are answered one after the other, as a worker answers them.
  let queue: Promise<unknown> = session;
  return {
    send(request) {
      queue = queue.then(async () => {
        await (
          await module
        ).answerRequest(await session, request, (reply) => {
          if (open) onReply(reply);
        });
      });
    },
    close: () => {
      open = false;
    },
  };
}

/** The asks of a page awaiting the session's answer, by number. */
type Asks = Map<number, { request: SessionRequest; resolve: (answer: unknown) => void }>;

/** Sends the request `make` gives for a new ask, and answers what the session replies to it. */
function ask<Answer>(
  link: { channel: RefObject<Channel | null>; asks: RefObject<Asks>; lastAsk: RefObject<number> },
  make: (ask: number) => SessionRequest,
): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    const n = ++link.lastAsk.current;
    const request = make(n);
    link.asks.current.set(n, { request, resolve: resolve as (answer: unknown) => void });
    link.channel.current?.send(request);
  });
}

type SessionState =
  /** Loading; `read` of `total` maps so far, once the first page is in. */
  | { status: 'loading'; read?: number; total?: number }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; loaded: LoadedDiscussion };

export interface DiscussionHandle {
  state: SessionState;
  /** The figures of the maps not left out; null until the first answer. */
  worked: WorkedDiscussion | null;
  leftOut: ReadonlySet<MapId>;
  /** Leaves the map `id` out of the figures, or takes it back. */
  leaveOut(id: MapId, out: boolean): void;
  /** The reason `reasonKey` of map `mapId` in full, as that map holds it. */
  reasonOf(mapId: MapId, reasonKey: string): Promise<Reason | null>;
  /** The versions of the matched reason `key` in its maps; null once it is no longer in the figures. */
  versionsOf(key: string): Promise<EntrySummary[] | null>;
}

/** The discussion of `origin`'s maps, read and worked out off the page's main thread. */
export function useDiscussion(origin: DiscussionOrigin): DiscussionHandle {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [worked, setWorked] = useState<{ round: number; worked: WorkedDiscussion } | null>(null);
  const [leftOut, setLeftOut] = useState<ReadonlySet<MapId>>(new Set());
  const channel = useRef<Channel | null>(null);
  const round = useRef(0);
  const leftOutNow = useRef(leftOut);
  const asks = useRef<Asks>(new Map());
  const lastAsk = useRef(0);

  useEffect(() => {
    const onReply = (reply: SessionReply) => {
      // Marks on the page's timeline, which the page's benchmark reads (bench/discussion-page.bench.ts).
      if (reply.kind !== 'reason' && reply.kind !== 'versions' && reply.kind !== 'progress')
        performance.mark(`discussion:${reply.kind}`);
      if (reply.kind === 'progress') setState({ status: 'loading', read: reply.read, total: reply.total });
      else if (reply.kind === 'loaded') setState({ status: 'loaded', loaded: reply.loaded });
      else if (reply.kind === 'failed') setState({ status: 'failed', message: reply.message });
      else if (reply.kind === 'worked') {
        if (reply.round === round.current) setWorked({ round: reply.round, worked: reply.worked });
      } else {
        asks.current.get(reply.ask)?.resolve(reply.kind === 'reason' ? reply.reason : reply.versions);
        asks.current.delete(reply.ask);
      }
    };
    // A worker that fails gives way to the page itself, which starts again where it was.
    const fallBack = () => {
      const inPage = inPageChannel(onReply);
      channel.current = inPage;
      inPage.send({ kind: 'load', origin });
      if (round.current > 0)
        inPage.send({ kind: 'work', round: round.current, leftOut: [...leftOutNow.current] });
      for (const { request } of asks.current.values()) inPage.send(request);
    };
    const worker = workerChannel(origin, onReply, fallBack);
    if (worker) channel.current = worker;
    else {
      channel.current = inPageChannel(onReply);
      channel.current.send({ kind: 'load', origin });
    }
    return () => {
      channel.current?.close();
      channel.current = null;
    };
  }, [origin]);

  const leaveOut = useCallback((id: MapId, out: boolean) => {
    const next = new Set(leftOutNow.current);
    if (out) next.add(id);
    else next.delete(id);
    leftOutNow.current = next;
    setLeftOut(next);
    channel.current?.send({ kind: 'work', round: ++round.current, leftOut: [...next] });
  }, []);

  const reasonOf = useCallback(
    (mapId: MapId, reasonKey: string) =>
      ask<Reason | null>({ channel, asks, lastAsk }, (n) => ({ kind: 'reason', ask: n, mapId, reasonKey })),
    [],
  );
  const versionsOf = useCallback(
    (key: string) =>
      ask<EntrySummary[] | null>({ channel, asks, lastAsk }, (n) => ({ kind: 'versions', ask: n, key })),
    [],
  );

  return { state, worked: worked?.worked ?? null, leftOut, leaveOut, reasonOf, versionsOf };
}
