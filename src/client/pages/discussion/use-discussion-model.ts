import { useEffect, useRef, useState } from 'react';
import type { DiscussionMap } from '../../../domain/discussion/match-reasons';
import type { MapId } from '../../../domain/map-id';
import type { WorkedDiscussion } from './work-out-discussion';

// PRODUCT §6.10, §13.6: the figures of a discussion (rules N1–N11), worked out in a Web Worker
// (discussion-worker.ts) and again whenever a map is left out or taken back; only the answer to
// the latest request is shown. Where no worker starts, the page works them out itself.

/** What the page asks the worker: the maps, those left out, and which request this is. */
export interface DiscussionRequest {
  round: number;
  maps: DiscussionMap[];
  leftOut: MapId[];
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./discussion-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** The discussion of `maps` less `leftOut` and its orders, null until the first answer. */
export function useDiscussionModel(
  maps: readonly DiscussionMap[],
  leftOut: ReadonlySet<MapId>,
): WorkedDiscussion | null {
  const [answer, setAnswer] = useState<{ round: number; worked: WorkedDiscussion } | null>(null);
  const worker = useRef<Worker | null | undefined>(undefined);
  const round = useRef(0);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = undefined;
    },
    [],
  );

  useEffect(() => {
    const request: DiscussionRequest = { round: ++round.current, maps: [...maps], leftOut: [...leftOut] };
    if (worker.current === undefined) {
      worker.current = startWorker();
      if (worker.current) {
        worker.current.onmessage = (event: MessageEvent<{ round: number } & WorkedDiscussion>) => {
          const { round: answered, ...worked } = event.data;
          if (answered === round.current) setAnswer({ round: answered, worked });
        };
        // A worker that fails gives way to the page itself, for this request and the next.
        worker.current.onerror = () => {
          worker.current?.terminate();
          worker.current = null;
          void computeHere({ ...request, round: round.current });
        };
      }
    }
    const computeHere = async (inline: DiscussionRequest) => {
      const { workOutDiscussion } = await import('./work-out-discussion');
      const worked = workOutDiscussion(inline.maps, inline.leftOut);
      if (inline.round === round.current) setAnswer({ round: inline.round, worked });
    };
    if (worker.current) worker.current.postMessage(request);
    else void computeHere(request);
  }, [maps, leftOut]);

  return answer?.worked ?? null;
}
