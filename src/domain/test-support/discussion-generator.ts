import type { MapData, Reason, ReasonId } from '../belief-map';
import { seededRandom } from '../discussion/seeded-random';
import type { MapId } from '../map-id';
import { beliefValues, supportValues } from '../ratings';

// Test and bench support only (never imported by the app): reproducible discussions as a group
// would write them. Each map takes most of its reasons from a shared pool of subjects: some as
// copies (the same id and title), some written again independently (a new id, the title's words
// reordered with one more word, so rule T2 finds it close), a few of its own. Its ratings follow
// the opinion of its camp on each subject, and sometimes stray from it.

export interface DiscussionOptions {
  maps: number;
  reasonsPerMap: number;
  /** How many camps of opinion the maps fall into (1: no groups to find). */
  camps: number;
  seed: number;
  /** Share of a map's pooled reasons written again rather than copied (default 0.3). */
  rewritten?: number;
  /** Share of a map's reasons of its own, in no other map (default 0.1). */
  own?: number;
  /** Chance that a rating strays from its camp's opinion (default 0.15). */
  noise?: number;
}

const vocabulary = Array.from({ length: 3000 }, (_, n) => `w${n.toString(36)}`);

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}` as ReasonId;

/** Maps `map-000`, `map-001`, … of a discussion with the shape `options` gives. Deterministic. */
export function generateDiscussion(options: DiscussionOptions): { id: MapId; data: MapData }[] {
  const { maps, reasonsPerMap, camps, seed, rewritten = 0.3, own = 0.1, noise = 0.15 } = options;
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const titleWords = () =>
    Array.from(
      { length: 5 + Math.floor(random() * 3) },
      () => vocabulary[Math.floor(vocabulary.length * random() ** 2)]!,
    );

  const poolSize = Math.ceil(reasonsPerMap * 1.5);
  const pool = Array.from({ length: poolSize }, (_, n) => {
    const words = titleWords();
    return {
      id: uuid(n),
      title: words.join(' '),
      rewrittenTitle: [...words.slice(1), words[0], 'again'].join(' '),
      // Each camp's opinion of the subject: a support and a belief.
      opinions: Array.from({ length: camps }, () => ({
        support: pick(supportValues),
        belief: pick(beliefValues),
      })),
    };
  });

  let nextId = poolSize;
  return Array.from({ length: maps }, (_, m) => {
    const camp = m % camps;
    const chosen = new Set<number>();
    const reasons: Reason[] = [];
    const ownCount = Math.round(reasonsPerMap * own);
    while (chosen.size < Math.min(poolSize, reasonsPerMap - ownCount))
      chosen.add(Math.floor(random() * poolSize));
    for (const n of chosen) {
      const subject = pool[n]!;
      const opinion = subject.opinions[camp]!;
      const again = random() < rewritten;
      reasons.push({
        id: again ? uuid(nextId++) : subject.id,
        title: again ? subject.rewrittenTitle : subject.title,
        relevance: null,
        support: random() < noise ? pick([...supportValues, null]) : opinion.support,
        belief: random() < noise ? pick([...beliefValues, null]) : opinion.belief,
      });
    }
    while (reasons.length < reasonsPerMap)
      reasons.push({
        id: uuid(nextId++),
        title: titleWords().join(' '),
        relevance: null,
        support: pick(supportValues),
        belief: pick(beliefValues),
      });
    return {
      id: `map-${m.toString().padStart(3, '0')}` as MapId,
      data: { title: 'Bike lane on Elm Street', description: null, reasons },
    };
  });
}
