import { describe, expect, it } from 'vitest';
import { publishedMapSchema, type PublishedMap, type Reason } from '../belief-map';
import { defaultLimits } from '../limits';
import { beliefValues, supportLabel, supportValues, type Belief } from '../ratings';
import { mapBalance } from '../balance';
import { findCruxes } from '../cruxes';
import { sortReasons } from '../sort-reasons';
import { elmStreetReasons } from './help-example-reasons';
import { helpExampleMaps } from './help-examples';
import { summariseDiscussion } from '../discussion/discussion';
import type { MapId } from '../map-id';
import { builtInPublished, builtInThread, helpExampleIds, type HelpExampleId } from './index';

// The worked example of PRODUCT §10.2 as data: these tests check that the maps tell the story STORY.md
// tells, so that the compare page shows each step as the Help page describes it.

const maps = helpExampleMaps;
/** The maps of the Elm Street story, in its order: every help example but the icon legend. */
const story = helpExampleIds.filter(
  (id): id is Exclude<HelpExampleId, 'help-example-icons'> => id !== 'help-example-icons',
);

const ids = (map: PublishedMap) => map.data.reasons.map((reason) => reason.id);
const byId = (map: PublishedMap) => new Map(map.data.reasons.map((reason) => [reason.id, reason] as const));
const sameRatings = (a: Reason, b: Reason) => a.belief === b.belief && a.support === b.support;
const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('help example maps', () => {
  it('[B2] every help example passes the schema unchanged, published at the built-in time', () => {
    for (const id of helpExampleIds) {
      expect(publishedMapSchema.parse(maps[id]), id).toEqual(maps[id]);
      expect(maps[id].published, id).toBe(builtInPublished);
    }
  });

  it('[V2] titles are within the limits and every reason id is a lowercase v4 UUID', () => {
    for (const id of helpExampleIds) {
      const { title, reasons } = maps[id].data;
      expect(title.length, id).toBeLessThanOrEqual(defaultLimits.titleLength);
      for (const reason of reasons) {
        expect(reason.title.length, reason.title).toBeLessThanOrEqual(defaultLimits.reasonTitleLength);
        expect(reason.id).toMatch(v4);
      }
    }
  });

  it('[S1] every map lists its reasons in saved-draft order, so editing a copy does not reorder them', () => {
    for (const id of helpExampleIds) {
      expect(
        sortReasons(maps[id].data.reasons).map((reason) => reason.id),
        id,
      ).toEqual(ids(maps[id]));
    }
  });

  it('every map has a description saying what it is', () => {
    for (const id of helpExampleIds) expect(maps[id].data.description, id).toBeTruthy();
  });
});

describe('the Elm Street story', () => {
  it('asks the same question at every step', () => {
    const titles = new Set(story.map((id) => maps[id].data.title));
    expect(titles.size).toBe(1);
  });

  it('a reason id always names the same words, and different words never share an id', () => {
    const textById = new Map<string, string>();
    const idByText = new Map<string, string>();
    for (const id of story) {
      for (const reason of maps[id].data.reasons) {
        const text = JSON.stringify([reason.title, reason.relevance]);
        expect(textById.get(reason.id) ?? text, `${id} ${reason.title}`).toBe(text);
        expect(idByText.get(text) ?? reason.id, `${id} ${reason.title}`).toBe(reason.id);
        textById.set(reason.id, text);
        idByText.set(text, reason.id);
      }
    }
    expect(textById.size).toBe(Object.keys(elmStreetReasons).length);
  });

  it('the initial map states the question with a few unrated reasons, which both first maps keep', () => {
    const initial = maps['help-example-initial'].data.reasons;
    expect(initial.length).toBeGreaterThanOrEqual(3);
    expect(initial.every((reason) => reason.belief === null && reason.support === null)).toBe(true);
    for (const first of ['help-example-alice-1', 'help-example-bob-1'] as const) {
      expect(ids(maps[first]), first).toEqual(expect.arrayContaining(ids(maps['help-example-initial'])));
    }
  });

  it('Alice and Bob each write at least five rated reasons, with relevance, and rate the shared ones differently', () => {
    for (const first of ['help-example-alice-1', 'help-example-bob-1'] as const) {
      const reasons = maps[first].data.reasons;
      expect(reasons.length, first).toBeGreaterThanOrEqual(5);
      for (const reason of reasons) {
        expect(reason.relevance, reason.title).toBeTruthy();
        expect(reason.belief, reason.title).not.toBeNull();
        expect(reason.support, reason.title).not.toBeNull();
      }
    }
    const bob = byId(maps['help-example-bob-1']);
    const shared = maps['help-example-alice-1'].data.reasons.filter((reason) => bob.has(reason.id));
    expect(shared.map((reason) => reason.id).sort()).toEqual(ids(maps['help-example-initial']).sort());
    for (const reason of shared) expect(sameRatings(reason, bob.get(reason.id)!), reason.title).toBe(false);
    // Each adds reasons of their own, which the compare page shows as added and deleted.
    expect(maps['help-example-alice-1'].data.reasons.length).toBeGreaterThan(shared.length);
    expect(maps['help-example-bob-1'].data.reasons.length).toBeGreaterThan(shared.length);
  });

  it('the combined reasons are exactly the reasons of both first maps, unrated', () => {
    const combined = ids(maps['help-example-combined-reasons']);
    const both = new Set([...ids(maps['help-example-alice-1']), ...ids(maps['help-example-bob-1'])]);
    expect([...combined].sort()).toEqual([...both].sort());
    for (const reason of maps['help-example-combined-reasons'].data.reasons) {
      expect([reason.belief, reason.support], reason.title).toEqual([null, null]);
    }
  });

  it('the second maps rate every combined reason, and nothing else', () => {
    const combined = [...ids(maps['help-example-combined-reasons'])].sort();
    for (const second of ['help-example-alice-2', 'help-example-bob-2'] as const) {
      expect([...ids(maps[second])].sort(), second).toEqual(combined);
      for (const reason of maps[second].data.reasons) {
        expect(reason.belief, reason.title).not.toBeNull();
        expect(reason.support, reason.title).not.toBeNull();
      }
    }
  });

  it('in the second maps Alice and Bob agree on most reasons, and still differ on the crux', () => {
    const bob = byId(maps['help-example-bob-2']);
    const alice = maps['help-example-alice-2'].data.reasons;
    const agreed = alice.filter((reason) => sameRatings(reason, bob.get(reason.id)!));
    const differ = alice.filter((reason) => !sameRatings(reason, bob.get(reason.id)!));
    expect(agreed.length).toBeGreaterThan(differ.length);
    expect(differ.map((reason) => reason.id)).toContain(elmStreetReasons.shopsLoseTrade.id);
    // They agree how much every reason would matter but one, which they read opposite ways (G1).
    for (const reason of alice) {
      if (reason.id === elmStreetReasons.fewCyclistsToday.id) continue;
      expect(reason.support, reason.title).toBe(bob.get(reason.id)!.support);
    }
    const crux = bob.get(elmStreetReasons.shopsLoseTrade.id)!;
    expect(crux.support).toBe('strong-disconfirm');
    expect(alice.find((reason) => reason.id === crux.id)!.belief).toBe('disagree');
    expect(crux.belief).toBe('agree');
  });

  it('each of them moves between the first map and the second', () => {
    for (const [first, second] of [
      ['help-example-alice-1', 'help-example-alice-2'],
      ['help-example-bob-1', 'help-example-bob-2'],
    ] as const) {
      const later = byId(maps[second]);
      const changed = maps[first].data.reasons.filter(
        (reason) => !sameRatings(reason, later.get(reason.id)!),
      );
      expect(changed.length, first).toBeGreaterThan(0);
    }
  });
});

describe('help-example-icons', () => {
  const reasons = maps['help-example-icons'].data.reasons;

  it('shows every belief and every support rating, none included', () => {
    expect(new Set(reasons.map((reason) => reason.belief))).toEqual(new Set([...beliefValues, null]));
    expect(new Set(reasons.map((reason) => reason.support))).toEqual(new Set([...supportValues, null]));
    for (const reason of reasons) expect(reason.relevance, reason.title).toBeTruthy();
  });

  it('titles each reason with the icons it carries', () => {
    const beliefWords: Record<Belief | 'none', string> = {
      'strong-agree': 'the author strongly agrees',
      agree: 'the author agrees',
      neutral: 'the author neither agrees nor disagrees',
      disagree: 'the author disagrees',
      'strong-disagree': 'the author strongly disagrees',
      none: 'no agreement information',
    };
    for (const reason of reasons) {
      expect(reason.title.startsWith(supportLabel(reason.support)), reason.title).toBe(true);
      expect(reason.title.toLowerCase(), reason.title).toContain(beliefWords[reason.belief ?? 'none']);
    }
  });

  it('cites Elm Street ratings that the story maps really have', () => {
    const rating = (id: (typeof story)[number], key: keyof typeof elmStreetReasons) => {
      const reason = byId(maps[id]).get(elmStreetReasons[key].id)!;
      return [reason.belief, reason.support];
    };
    expect(rating('help-example-alice-2', 'saferCycling')).toEqual(['strong-agree', 'strong-support']);
    expect(rating('help-example-bob-2', 'saferCycling')).toEqual(['strong-agree', 'strong-support']);
    expect(rating('help-example-bob-1', 'childrenCycleToSchool')).toEqual(['disagree', 'support']);
    expect(rating('help-example-alice-2', 'deliveryVans')).toEqual(['agree', 'disconfirm']);
  });
});

describe('the cruxes of the second maps', () => {
  const cruxes = findCruxes(maps['help-example-alice-2'].data, maps['help-example-bob-2'].data);

  it('[X1][X2][G1] show a reversal first, then the shops, then the survey', () => {
    expect(cruxes.map((crux) => [crux.modified.id, crux.disagreement, crux.reversal])).toEqual([
      [elmStreetReasons.fewCyclistsToday.id, 2, true],
      [elmStreetReasons.shopsLoseTrade.id, 1, false],
      [elmStreetReasons.shoppersWalkOrCycle.id, 0.25, false],
    ]);
  });

  it('[W2] both second maps still lean their own way', () => {
    const alice = mapBalance(maps['help-example-alice-2'].data);
    const bob = mapBalance(maps['help-example-bob-2'].data);
    expect(alice.for.weight).toBeGreaterThan(alice.against.weight);
    expect(bob.for.weight - bob.against.weight).toBeLessThan(alice.for.weight - alice.against.weight);
  });
});

describe('the discussion of Alice’s first map', () => {
  // The maps the built-in thread of help-example-alice-1 holds (rule B4), as the discussion page takes them.
  const thread = ['help-example-alice-1', ...builtInThread('help-example-alice-1').map((entry) => entry.id)];
  const discussion = summariseDiscussion(
    thread.map((id) => ({ id: id as MapId, data: maps[id as HelpExampleId].data })),
  );
  const keyOf = (key: keyof typeof elmStreetReasons) => elmStreetReasons[key].id.toLowerCase();

  it('[B4] holds Alice’s and Bob’s first maps and the three neighbours who answer them', () => {
    expect(thread).toEqual([
      'help-example-alice-1',
      'help-example-bob-1',
      'help-example-carol-1',
      'help-example-dan-1',
      'help-example-erin-1',
    ]);
  });

  it('[N5] agrees on the children cycling to school and the parking of people who cannot walk far', () => {
    expect(discussion.agrees.map((reason) => reason.key)).toEqual([
      keyOf('childrenCycleToSchool'),
      keyOf('parkingForDisabled'),
    ]);
  });

  it('[N6][G1] splits on the few cyclists today, which Erin reads the other way', () => {
    const few = discussion.splits.find((reason) => reason.key === keyOf('fewCyclistsToday'));
    expect(few?.split).toBe(true);
    const erin = few?.entries.find((entry) => entry.mapId === 'help-example-erin-1');
    const bob = few?.entries.find((entry) => entry.mapId === 'help-example-bob-1');
    expect(erin?.reason.support).toBe('support');
    expect(bob?.reason.support).toBe('disconfirm');
    expect(discussion.splits.length).toBeGreaterThanOrEqual(3);
  });

  it('[N9][N10] falls into two opinion groups: for the lane and against it', () => {
    const { groups, noGroups } = discussion.opinion;
    expect(noGroups).toBeNull();
    // Clearly above the floor of rule N9 (0.55), so a small change to a rating does not lose them.
    expect(discussion.opinion.silhouette).toBeGreaterThan(0.6);
    expect(groups.map((group) => [group.name, group.mapIds])).toEqual([
      ['Group A', ['help-example-alice-1', 'help-example-carol-1', 'help-example-erin-1']],
      ['Group B', ['help-example-bob-1', 'help-example-dan-1']],
    ]);
    for (const group of groups) expect(group.distinctive.length, group.name).toBeGreaterThan(0);
  });

  it('[N7] each group leans its own way', () => {
    const net = new Map(discussion.stances.map((stance) => [stance.mapId as string, stance.net]));
    for (const id of ['help-example-alice-1', 'help-example-carol-1', 'help-example-erin-1'])
      expect(net.get(id), id).toBeGreaterThan(0);
    for (const id of ['help-example-bob-1', 'help-example-dan-1']) expect(net.get(id), id).toBeLessThan(0);
  });
});
