import type { HelpExampleId } from '../../../domain/built-in';

// The addresses the Help page links to. Typed by the built-in ids, so a renamed example map
// breaks the build instead of leaving a dead link.

export function examplePath(id: HelpExampleId): string {
  return `/map/${id}`;
}

/** The compare page for two example maps; `draft.` before the base compares a draft of it. */
export function comparePath(base: HelpExampleId | `draft.${HelpExampleId}`, modified: HelpExampleId): string {
  return `/compare/${base}/${modified}`;
}

/** The discussion page of an example map and the built-in maps that answer it (PRODUCT §6.10). */
export function discussionPath(id: HelpExampleId): string {
  return `/discussion/${id}`;
}
