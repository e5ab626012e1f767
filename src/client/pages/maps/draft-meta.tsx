import { Link } from 'wouter';
import { formatCount } from '../../../domain/format';
import { defaultMapId, isLocalBaseId, parseMapId } from '../../../domain/map-id';

// What Your maps says of each draft, kept or discarded (PRODUCT §15.1).

/** What a draft copies: "New draft", or "Draft of" its published map's id, linked. */
export function DraftOf({ draftId }: { draftId: string }) {
  const parsed = parseMapId(draftId);
  if (!parsed.ok || parsed.value.baseId === defaultMapId || isLocalBaseId(parsed.value.baseId))
    return 'New draft';
  const { baseId } = parsed.value;
  return (
    <>
      Draft of <Link to={`/map/${baseId}`}>{baseId}</Link>
    </>
  );
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en', { dateStyle: 'long', timeStyle: 'short' });
}

export function reasonCount(count: number): string {
  return count === 1 ? '1 reason' : `${formatCount(count)} reasons`;
}
