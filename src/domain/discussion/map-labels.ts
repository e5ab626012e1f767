import type { MapId } from '../map-id';

// Rule N15: how the discussion page names a map where its title alone would not tell it apart.

/** How a map is named on the discussion page. */
export interface MapLabel {
  title: string;
  /** What tells the map apart from others of the same title; null when its title is its own. */
  note: string | null;
  /** The name for tight places (the axis, a group's list): the note when there is one. */
  short: string;
}

/** The longest note drawn from a description, in characters, before it is cut at a word. */
const noteMaxLength = 80;

/**
 * The first sentence or line of `description`: up to the first full stop, question or
 * exclamation mark followed by a space or the end, or the first line break; cut at a word past 80
 * characters, with "…". Null for no description.
 */
function firstSentence(description: string | null): string | null {
  const text = description?.trim();
  if (!text) return null;
  const line = text.split('\n', 1)[0]!.trim();
  const end = /[.!?](?=\s|$)/u.exec(line);
  const sentence = end ? line.slice(0, end.index + 1) : line;
  if ([...sentence].length <= noteMaxLength) return sentence;
  const cut = [...sentence].slice(0, noteMaxLength).join('');
  const atWord = cut.replace(/\s+\S*$/u, '');
  return `${atWord.length > 0 ? atWord : cut}…`;
}

/**
 * Rule N15: a map whose title no other map of the set shares is named by its title. Maps that share
 * a title are told apart by a note: the first sentence of the description (`firstSentence`) when
 * no other map of that title starts its description the same way, or else the map's id, which is
 * always its own. Titles are compared trimmed and case-folded. Pure.
 */
export function mapLabels(
  maps: readonly { id: MapId; data: { title: string; description: string | null } }[],
): Map<MapId, MapLabel> {
  const key = (title: string) => title.trim().toLocaleLowerCase('en');
  const byTitle = new Map<string, typeof maps>();
  for (const map of maps)
    byTitle.set(key(map.data.title), [...(byTitle.get(key(map.data.title)) ?? []), map]);
  const labels = new Map<MapId, MapLabel>();
  for (const map of maps) {
    const { title } = map.data;
    const namesakes = byTitle.get(key(title))!;
    let note: string | null = null;
    if (namesakes.length > 1) {
      const sentence = firstSentence(map.data.description);
      const shared = namesakes.some(
        (other) => other.id !== map.id && firstSentence(other.data.description) === sentence,
      );
      note = sentence !== null && !shared ? sentence : map.id;
    }
    labels.set(map.id, { title, note, short: note ?? title });
  }
  return labels;
}
