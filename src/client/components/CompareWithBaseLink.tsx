import { Link } from 'wouter';
import { defaultMapId, isLocalBaseId, parseMapId } from '../../domain/map-id';

// PRODUCT §9: on a draft of a published map, a way to see what the draft changes.
// Self-contained so the map page can render it without knowing how comparing works.

/**
 * A link comparing the draft `draftId` with the map it copies: the published map is the base and
 * the draft the modified map, so the compare page lists what the draft adds, deletes and changes.
 * Renders nothing for an id that is not a draft, or for `draft.default`, which copies no real map.
 */
export function CompareWithBaseLink({ draftId, className }: { draftId: string; className?: string }) {
  const parsed = parseMapId(draftId);
  if (
    !parsed.ok ||
    !parsed.value.isDraft ||
    parsed.value.baseId === defaultMapId ||
    isLocalBaseId(parsed.value.baseId)
  )
    return null;
  const { baseId, draftId: id } = parsed.value;
  return (
    <Link to={`/compare/${baseId}/${id}`} className={className}>
      Compare with published map
    </Link>
  );
}
