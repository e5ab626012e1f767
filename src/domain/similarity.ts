import type { Reason } from './belief-map';

// PRODUCT §9.4: two people who each wrote their own map give the same reason different ids, so a
// compare finds it added and deleted. These functions find reasons whose titles say nearly the
// same thing (rules T1–T4), so the page can offer to treat them as one.

/** Two titles at least this similar (Sørensen–Dice over their words, rule T2) are "close". */
export const similarityThreshold = 0.6;

// Words that carry no subject of their own: dropped before comparing (rule T1). Negations such as
// "not" and "no" are kept and counted (rule T2): "X is safe" and "X is not safe" are different.
const stopWords = new Set(
  (
    'a about after all also am an and any are as at be because been but by can could did do does ' +
    'for from had has have he her his how i if in into is it its itself just may me might more ' +
    'much my of on once only or other our out over own same she should so some such than that the ' +
    'their them then there these they this those through to too under until up very was we were ' +
    'what when where which while who whom why will with would you your'
  ).split(' '),
);

/** A light stemmer (rule T1): enough that "lanes" and "lane", "cycling" and "cycles" meet. */
function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

// "without" is not among them: "lose trade without the lane" and "removing the lane costs trade"
// say the same thing.
const negations = new Set(['not', 'no', 'never', 'nor', 'none', 'nothing', 'nobody']);

function rawWords(title: string): string[] {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\bcan['’]t\b|\bcannot\b/g, 'can not')
      .replace(/\bwon['’]t\b/g, 'will not')
      .replace(/n['’]t\b/g, ' not')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * The distinct words of a title as they are compared (rule T1): lower-cased, accents and
 * punctuation removed, "n't", "can't" and "cannot" spelt "not", stop words dropped and the rest stemmed. A
 * title made only of stop words keeps them all, so it can still match itself. Pure; the set is in
 * the title's order.
 */
export function titleWords(title: string): Set<string> {
  const words = rawWords(title);
  const meaningful = words.filter((word) => !stopWords.has(word));
  return new Set((meaningful.length > 0 ? meaningful : words).map(stem));
}

/** True when the title says "not" an odd number of times (rule T2): it denies what it states. */
function isNegated(title: string): boolean {
  return rawWords(title).filter((word) => negations.has(word)).length % 2 === 1;
}

/** A title read once for comparing (rules T1, T2): its words and whether it says "not". */
export interface AnalysedTitle {
  words: Set<string>;
  negated: boolean;
}

/** A title's words (rule T1) and negation (rule T2), read once so it can be compared many times. */
export const analyseTitle = (title: string): AnalysedTitle => ({
  words: titleWords(title),
  negated: isNegated(title),
});

/** Sørensen–Dice from a count of shared words; 0 when one title denies what the other states. */
function dice(a: AnalysedTitle, b: AnalysedTitle, shared: number): number {
  if (a.negated !== b.negated || a.words.size + b.words.size === 0) return 0;
  return (2 * shared) / (a.words.size + b.words.size);
}

/** `titleSimilarity` of two titles already analysed (rule T2). Symmetric and pure. */
export function analysedSimilarity(a: AnalysedTitle, b: AnalysedTitle): number {
  let shared = 0;
  for (const word of a.words) if (b.words.has(word)) shared += 1;
  return dice(a, b, shared);
}

/**
 * How alike two titles are, from 0 (no word in common) to 1 (the same words): the Sørensen–Dice
 * coefficient 2·|A ∩ B| / (|A| + |B|) of their word sets, and 0 when one is negated and the other
 * not (rule T2). Symmetric and pure.
 */
export function titleSimilarity(a: string, b: string): number {
  return analysedSimilarity(analyseTitle(a), analyseTitle(b));
}

export interface SimilarReason {
  reason: Reason;
  /** The Sørensen–Dice coefficient of the two titles, at least `similarityThreshold`. */
  similarity: number;
}

/**
 * How many of a title's words, rarest first, must be indexed so that any title close to it shares
 * one of them (prefix filtering): a close pair shares at least t·|A| / (2 − t) of A's words, so
 * it shares one among any |A| − that + 1 of them, and both take theirs in the same global order.
 */
export function prefixLength(size: number, threshold: number = similarityThreshold): number {
  // The small margin keeps a bound such as 0.6·7/1.4 = 3.0000000000000004 at 3: a longer prefix
  // only costs time, a shorter one would miss a pair.
  const leastShared = Math.max(1, Math.ceil((threshold * size) / (2 - threshold) - 1e-9));
  return Math.max(0, size - leastShared + 1);
}

/**
 * For each reason of `candidates`, the reason of `pool` whose title is closest to its own, when
 * they are close (rule T3): similarity at least the threshold, ties going to the earlier in
 * `pool`. Keyed by the candidate's index; candidates with nothing close are absent. Pure.
 *
 * Rule T4: only pairs sharing one of their rarest words are scored (an index of words, prefix
 * filtering), so words common to a whole map, such as its subject, never make it score every
 * pair; the result is exactly what scoring every pair would give.
 */
export function findSimilarReasons(
  candidates: readonly Reason[],
  pool: readonly Reason[],
  threshold: number = similarityThreshold,
): Map<number, SimilarReason> {
  const poolTitles = pool.map((reason) => analyseTitle(reason.title));
  const candidateTitles = candidates.map((reason) => analyseTitle(reason.title));

  // The global order of words: rarest in both lists first, then alphabetical.
  const frequency = new Map<string, number>();
  for (const { words } of [...poolTitles, ...candidateTitles])
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const prefix = ({ words }: AnalysedTitle) =>
    [...words]
      .sort((a, b) => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, prefixLength(words.size, threshold));

  const index = new Map<string, number[]>();
  poolTitles.forEach((title, at) => {
    for (const word of prefix(title)) {
      const bucket = index.get(word);
      if (bucket) bucket.push(at);
      else index.set(word, [at]);
    }
  });

  const found = new Map<number, SimilarReason>();
  candidateTitles.forEach((title, at) => {
    const seen = new Set<number>();
    let best: { at: number; similarity: number } | null = null;
    for (const word of prefix(title)) {
      for (const poolAt of index.get(word) ?? []) {
        if (seen.has(poolAt)) continue;
        seen.add(poolAt);
        const other = poolTitles[poolAt]!;
        let shared = 0;
        for (const w of title.words) if (other.words.has(w)) shared += 1;
        const similarity = dice(title, other, shared);
        const better =
          best === null ||
          similarity > best.similarity ||
          (similarity === best.similarity && poolAt < best.at);
        if (similarity >= threshold && better) best = { at: poolAt, similarity };
      }
    }
    if (best) found.set(at, { reason: pool[best.at]!, similarity: best.similarity });
  });
  return found;
}
