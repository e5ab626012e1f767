import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReasonId } from '../belief-map';
import type { MapId } from '../map-id';
import { analysedSimilarity, analyseTitle, similarityThreshold } from '../similarity';
import { mapData, reason } from '../test-support/builders';
import { discussionArb } from '../test-support/discussion-arbitraries';
import { fcParams, fcSeed } from '../test-support/map-arbitraries';
import { discussionMaps, matchReasons, type DiscussionMap, type ReasonMatch } from './match-reasons';

console.log(`match-reasons.test.ts: fast-check seed ${fcSeed}`);

const map = (id: string, reasons: Parameters<typeof mapData>[0]): DiscussionMap => ({
  id: id as MapId,
  data: mapData(reasons),
});

/** Each match as its title and, per map, the map's place, the reason's title and how it joined. */
const summary = (matches: ReasonMatch[]) =>
  matches.map((match) => [
    match.title,
    match.entries.map((e) => `${e.map}:${e.reason.title}${e.byTitle ? ' (by title)' : ''}`),
  ]);

describe('matchReasons', () => {
  it('[N2] makes reasons of one id, in any letter case, one reason, in the order of the maps', () => {
    const upper = reason(1).id.toUpperCase() as ReasonId;
    const matches = matchReasons([
      map('a', [reason(2, { title: 'Cost' }), reason(1, { title: 'Safety' })]),
      map('b', [reason(1, { id: upper, title: 'Safer streets' })]),
      map('c', [reason(2, { title: 'Costs' }), reason(3, { title: 'Noise' })]),
    ]);
    expect(summary(matches)).toEqual([
      ['Safety', ['0:Safety', '1:Safer streets']],
      ['Cost', ['0:Cost', '2:Costs']],
      ['Noise', ['2:Noise']],
    ]);
    expect(matches.map((m) => [m.key, m.byTitle])).toEqual([
      [reason(1).id, false],
      [reason(2).id, false],
      [reason(3).id, false],
    ]);
  });

  it('[N2] joins reasons of other ids whose titles are close, and says they joined by title', () => {
    const matches = matchReasons([
      map('a', [reason(1, { title: 'Shops on Elm Street would lose trade without the parking lane' })]),
      map('b', [reason(2, { title: 'Removing the parking lane would cost the Elm Street shops trade' })]),
      map('c', [reason(3, { title: 'The lane is not safe' }), reason(4, { title: 'The lane is safe' })]),
    ]);
    expect(summary(matches)).toEqual([
      [
        'Shops on Elm Street would lose trade without the parking lane',
        [
          '0:Shops on Elm Street would lose trade without the parking lane',
          '1:Removing the parking lane would cost the Elm Street shops trade (by title)',
        ],
      ],
      ['The lane is not safe', ['2:The lane is not safe']],
      ['The lane is safe', ['2:The lane is safe']],
    ]);
    expect(matches.map((m) => m.byTitle)).toEqual([true, false, false]);
  });

  it('[N2] never puts two reasons of one map in one match, and joins the closest title', () => {
    const matches = matchReasons([
      map('a', [reason(1, { title: 'bike lane safe' }), reason(2, { title: 'bike lane safe children' })]),
      map('b', [reason(3, { title: 'bike lane safe children school' })]),
      map('c', [reason(4, { title: 'bike lane safe' })]),
    ]);
    expect(summary(matches)).toEqual([
      ['bike lane safe', ['0:bike lane safe', '2:bike lane safe (by title)']],
      [
        'bike lane safe children',
        ['0:bike lane safe children', '1:bike lane safe children school (by title)'],
      ],
    ]);
  });

  it.each([
    ['short', 4],
    ['long', 10],
  ])(
    '[N2] holds every reason once, never two of one map, and matches as scoring every pair would (%s titles)',
    (_, maxWords) => {
      fc.assert(
        fc.property(discussionArb({ maxWords, ids: 20, maxReasons: 10 }), (given) => {
          const maps = discussionMaps(given, []);
          const matches = matchReasons(maps);
          expect(matches).toEqual(matchEveryPair(maps));
          const held = matches.flatMap((m) => m.entries.map((e) => `${e.map}/${e.reason.id}`));
          expect(new Set(held).size).toBe(held.length);
          expect(held.length).toBe(maps.reduce((sum, m) => sum + m.data.reasons.length, 0));
          for (const match of matches) {
            const places = match.entries.map((e) => e.map);
            expect(places).toEqual([...new Set(places)].sort((a, b) => a - b));
          }
        }),
        fcParams,
      );
    },
  );
});

/** Rule N2 without the word index: every id-matched reason scored against every match so far. */
function matchEveryPair(maps: readonly DiscussionMap[]): ReasonMatch[] {
  const groups: { key: string; entries: ReasonMatch['entries'] }[] = [];
  maps.forEach((m, at) => {
    const reasons = [...m.data.reasons].sort((a, b) => (a.id.toLowerCase() < b.id.toLowerCase() ? -1 : 1));
    for (const r of reasons) {
      const key = r.id.toLowerCase();
      const group = groups.find((g) => g.key === key);
      if (group) group.entries.push({ map: at, reason: r, byTitle: false });
      else groups.push({ key, entries: [{ map: at, reason: r, byTitle: false }] });
    }
  });
  const matches: ReasonMatch[] = [];
  for (const group of groups) {
    const title = analyseTitle(group.entries[0]!.reason.title);
    let best: { match: ReasonMatch; similarity: number } | null = null;
    for (const match of matches) {
      const similarity = analysedSimilarity(title, analyseTitle(match.title));
      const free = group.entries.every((e) => match.entries.every((other) => other.map !== e.map));
      if (similarity >= similarityThreshold && free && (best === null || similarity > best.similarity))
        best = { match, similarity };
    }
    if (best) {
      best.match.entries.push(...group.entries.map((e) => ({ ...e, byTitle: true })));
      best.match.entries.sort((a, b) => a.map - b.map);
      best.match.byTitle = true;
    } else
      matches.push({
        key: group.key,
        title: group.entries[0]!.reason.title,
        entries: group.entries,
        byTitle: false,
      });
  }
  return matches;
}
