import { reasonIdKey } from '../compare';
import type { MapId } from '../map-id';
import type { ReasonBrief } from './map-brief';
import {
  analysedSimilarity,
  analyseTitle,
  prefixLength,
  similarityThreshold,
  type AnalysedTitle,
} from '../similarity';

// Which reasons of a group's maps are the same reason (rule N2): by id first, as compare does,
// then by title across all the maps, as the similar-title rules pair two maps' reasons.

/** One map of a discussion: its id and its reasons, in brief (rule N16) or whole. */
export interface DiscussionMap {
  id: MapId;
  data: { readonly reasons: readonly ReasonBrief[] };
}

/** A matched reason's reason in one map. */
interface MatchedEntry {
  /** The map's place in the discussion's order (rule N1). */
  map: number;
  reason: ReasonBrief;
  /** True when this reason joined by its title, not by its id (rule N2). */
  byTitle: boolean;
}

export interface ReasonMatch {
  /** The id, lower-cased (C1), of the first reason that made it: unique within a discussion. */
  key: string;
  /** The title of its reason in its first map (rule N2). */
  title: string;
  /** One entry per map that holds it, in the maps' order, never two for one map. */
  entries: MatchedEntry[];
  /** True when some of its reasons joined by title. */
  byTitle: boolean;
}

/**
 * The maps of a discussion (rule N1): those not left out, each id once (its first copy), in order
 * of id, whatever order they were given in. Pure: a new list of the same map objects.
 */
export function discussionMaps(maps: readonly DiscussionMap[], leftOut: readonly MapId[]): DiscussionMap[] {
  const skipped = new Set<string>(leftOut);
  const byId = new Map<string, DiscussionMap>();
  for (const map of maps) if (!skipped.has(map.id) && !byId.has(map.id)) byId.set(map.id, map);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

interface IdGroup {
  key: string;
  entries: MatchedEntry[];
  title: AnalysedTitle;
}

/**
 * How a title is looked up. `words`: its prefix (its rarest words, prefix filtering as rule T4
 * does), with which any close title shares a word. `pairs`: the pairs of its words one longer
 * prefix: when two titles share at least k words, the first k of those shared come within each
 * title's prefix lengthened by k − 1 (each has at least the other shared words after them), so a
 * title that must share two words with any close one (`byPairs`) shares a pair with it there.
 * Every match is indexed both ways; a title is looked up by pairs when it can.
 */
interface TitleKeys {
  /** The ranks of the prefix's words. */
  words: number[];
  pairs: number[];
  byPairs: boolean;
}

/** Each pair of the word ranks `words` (ascending) as one number, given how many ranks there are. */
function pairsOf(words: readonly number[], ranks: number): number[] {
  const pairs: number[] = [];
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j < words.length; j++) pairs.push(words[i]! * ranks + words[j]!);
  return pairs;
}

interface Scored {
  at: number;
  similarity: number;
}

interface Building extends ReasonMatch {
  analysed: AnalysedTitle;
  maps: Set<number>;
}

/**
 * The matched reasons of `maps`, which are in the discussion's order (rule N1): reasons with the
 * same id are one, then id-matched reasons join the closest close title found before them that
 * holds none of their maps (rules N2, T1–T3). In order of their first map, then id. Pure; titles
 * are looked up through indexes of their rarest words and pairs of words (prefix filtering, as
 * rule T4, see `TitleKeys`), so only pairs that could be close are scored, and the work grows with
 * the number of reasons rather than with the pairs of them.
 */
export function matchReasons(maps: readonly DiscussionMap[]): ReasonMatch[] {
  const groups = groupById(maps);

  // The words' global order for prefix filtering: rarest among the titles first, then alphabetical.
  // Each word is known by its rank in that order, so a title's words sort as numbers and a pair of
  // them is one number.
  const frequency = new Map<string, number>();
  for (const { title } of groups)
    for (const word of title.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const rank = new Map<string, number>(
    [...frequency.keys()]
      .sort((a, b) => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : a > b ? 1 : 0))
      .map((word, at) => [word, at]),
  );
  const keysOf = ({ words }: AnalysedTitle): TitleKeys => {
    const sorted = Array.from(words, (word) => rank.get(word)!).sort((a, b) => a - b);
    const single = prefixLength(sorted.length, similarityThreshold);
    return {
      words: sorted.slice(0, single),
      pairs: pairsOf(sorted.slice(0, single + 1), rank.size),
      byPairs: single < sorted.length,
    };
  };

  const matches: Building[] = [];
  // Each word's bucket lists the matches whose prefix holds it, in the order they were made, and
  // the word's place in that prefix; a title asked about again scans only the matches made since
  // (found by binary search).
  const index = new Map<number, { at: number[]; place: number[] }>();
  // The same for pairs of words: a title that must share at least two words with any close one
  // looks up only the matches sharing a pair of its rarest words, far fewer than share one.
  const pairIndex = new Map<number, number[]>();
  // Many reasons share a title (a reason written again in many maps): each distinct title keeps
  // its close matches, best first, and how many matches it has looked at.
  const looked = new Map<string, TitleKeys & { close: Scored[]; seen: number }>();
  // Per match, for the title being looked up: the words found shared so far, or −1 once it cannot
  // be close; `metBy` says which lookup wrote it. Typed, since a plain array written out of order
  // turns into a slow map.
  const shared = new Int32Array(groups.length);
  const metBy = new Int32Array(groups.length);
  const candidates: number[] = [];
  let lookup = 0;

  for (const group of groups) {
    const text = group.entries[0]!.reason.title;
    let entry = looked.get(text);
    if (!entry) looked.set(text, (entry = { ...keysOf(group.title), close: [], seen: 0 }));
    if (entry.seen < matches.length && entry.byPairs) {
      lookup += 1;
      candidates.length = 0;
      for (const pair of entry.pairs) {
        const bucket = pairIndex.get(pair) ?? noMatches;
        for (let k = firstAtLeast(bucket, entry.seen); k < bucket.length; k++) {
          const at = bucket[k]!;
          if (metBy[at] === lookup) continue;
          metBy[at] = lookup;
          shared[at] = 1;
          candidates.push(at);
        }
      }
    } else if (entry.seen < matches.length) {
      lookup += 1;
      candidates.length = 0;
      const size = group.title.words.size;
      entry.words.forEach((word, i) => {
        const bucket = index.get(word);
        if (!bucket) return;
        for (let k = firstAtLeast(bucket.at, entry.seen); k < bucket.at.length; k++) {
          const at = bucket.at[k]!;
          if (metBy[at] !== lookup) {
            metBy[at] = lookup;
            shared[at] = 0;
            candidates.push(at);
          }
          if (shared[at]! < 0) continue;
          // Positional filter: words are in one global order in every prefix, so the words
          // still to share come after this one in both titles. Too few left: it cannot be close.
          const other = matches[at]!.analysed.words.size;
          const least = Math.ceil((similarityThreshold * (size + other)) / 2 - 1e-9);
          const most = shared[at]! + 1 + Math.min(size - i - 1, other - bucket.place[k]! - 1);
          shared[at] = most >= least ? shared[at]! + 1 : -1;
        }
      });
    }
    if (entry.seen < matches.length) {
      for (const at of candidates) {
        if (shared[at]! <= 0) continue;
        const similarity = analysedSimilarity(group.title, matches[at]!.analysed);
        if (similarity >= similarityThreshold) entry.close.push({ at, similarity });
      }
      // Closest first, the earlier match on a tie (rule T3).
      entry.close.sort((a, b) => b.similarity - a.similarity || a.at - b.at);
      entry.seen = matches.length;
    }

    const best = entry.close.find(({ at }) => !group.entries.some((e) => matches[at]!.maps.has(e.map)));
    if (best !== undefined) {
      const match = matches[best.at]!;
      for (const e of group.entries) {
        e.byTitle = true;
        match.entries.push(e);
        match.maps.add(e.map);
      }
      match.byTitle = true;
      continue;
    }
    matches.push({
      key: group.key,
      title: text,
      entries: group.entries,
      byTitle: false,
      analysed: group.title,
      maps: new Set(group.entries.map((e) => e.map)),
    });
    entry.words.forEach((word, place) => {
      const bucket = index.get(word);
      if (bucket) {
        bucket.at.push(matches.length - 1);
        bucket.place.push(place);
      } else index.set(word, { at: [matches.length - 1], place: [place] });
    });
    for (const pair of entry.pairs) {
      const bucket = pairIndex.get(pair);
      if (bucket) bucket.push(matches.length - 1);
      else pairIndex.set(pair, [matches.length - 1]);
    }
  }

  return matches.map(({ key, title, entries, byTitle }) => ({
    key,
    title,
    // Joined groups came after the first, possibly from earlier maps: put the maps back in order.
    entries: byTitle ? entries.sort((a, b) => a.map - b.map) : entries,
    byTitle,
  }));
}

/** Reasons with the same id (ignoring case, C1), in order of their first map, then id (rule N1). */
function groupById(maps: readonly DiscussionMap[]): IdGroup[] {
  const byKey = new Map<string, IdGroup>();
  const groups: IdGroup[] = [];
  // Many reasons share a title (copies, or one reason written again alike): read each once.
  const analysed = new Map<string, AnalysedTitle>();
  maps.forEach((map, at) => {
    const reasons = map.data.reasons
      .map((reason) => ({ reason, key: reasonIdKey(reason.id) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { reason, key } of reasons) {
      const entry: MatchedEntry = { map: at, reason, byTitle: false };
      const group = byKey.get(key);
      if (group) group.entries.push(entry);
      else {
        let title = analysed.get(reason.title);
        if (!title) analysed.set(reason.title, (title = analyseTitle(reason.title)));
        const created = { key, entries: [entry], title };
        byKey.set(key, created);
        groups.push(created);
      }
    }
  });
  return groups;
}

/** A pair of words no match holds yet: one empty list, not a new one per lookup. */
const noMatches: readonly number[] = [];

/** The first place in an ascending list holding a value at least `value`. */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
