/** True when an If-None-Match header names `etag`, weakly or strongly, or is `*` (RFC 9110, section 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return (
    ifNoneMatch !== undefined &&
    ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}` || tag === '*')
  );
}
