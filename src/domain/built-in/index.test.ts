import { describe, expect, it } from 'vitest';
import { publishedMapSchema, validate } from '../belief-map';
import { isMapId, parseMapId } from '../map-id';
import {
  builtInBasedOn,
  builtInMapIds,
  builtInPublished,
  builtInThread,
  defaultMap,
  getBuiltInMap,
  helpExampleIds,
  isBuiltInMapId,
} from './index';
import story from './STORY.md?raw';

// The help ids are addresses people link to, so a rename must not slip through: they must be the
// maps STORY.md walks through (its `/map/help-example-…` links), in the order it tells them.
const helpIdsOfTheStory = [
  ...new Set([...story.matchAll(/\/map\/(help-example-[a-z0-9-]+)/g)].map((m) => m[1])),
];

describe('built-in maps', () => {
  it('[B1] default is an empty map titled "New belief"', () => {
    expect(getBuiltInMap('default')).toEqual({
      version: '1.0',
      published: builtInPublished,
      data: { title: 'New belief', description: null, reasons: [] },
    });
    expect(getBuiltInMap('default')).toBe(defaultMap);
  });

  it.each(helpExampleIds)('[B2] the help example %s exists', (id) => {
    expect(isBuiltInMapId(id)).toBe(true);
    const map = getBuiltInMap(id);
    expect(map).not.toBeNull();
    expect(map?.data.title.trim()).not.toBe('');
  });

  it('[B2] the built-in ids are default and exactly the ten help ids of the story, in its order', () => {
    expect(helpIdsOfTheStory).toHaveLength(10);
    expect([...helpExampleIds]).toEqual(helpIdsOfTheStory);
    expect([...builtInMapIds]).toEqual(['default', ...helpIdsOfTheStory]);
  });

  it.each(['default', ...helpExampleIds])('[B2] %s passes publishedMapSchema and parses to itself', (id) => {
    const map = getBuiltInMap(id);
    const result = validate(publishedMapSchema, map);
    // On failure, show the schema's message rather than a bare `false`.
    expect(result.ok ? 'valid' : result.error).toBe('valid');
    if (result.ok) expect(result.value).toEqual(map);
  });

  it.each(['default', ...helpExampleIds])('[B2] %s is a well-formed map id with a draft id', (id) => {
    expect(isMapId(id)).toBe(true);
    expect(parseMapId(id)).toEqual({
      ok: true,
      value: { input: id, isDraft: false, baseId: id, draftId: `draft.${id}` },
    });
  });

  it.each([
    ['an unknown id', 'no-such-map'],
    ['the empty id', ''],
    ['the default draft id', 'draft.default'],
    ['a help id in capitals', 'HELP-EXAMPLE-ICONS'],
    ['a help id with a space', ' help-example-icons'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['toString', 'toString'],
    ['hasOwnProperty', 'hasOwnProperty'],
  ])('[B2] getBuiltInMap returns null for %s', (_label, id) => {
    expect(getBuiltInMap(id)).toBeNull();
    expect(isBuiltInMapId(id)).toBe(false);
  });

  it('[B3] built-in maps carry a fixed, valid publication time, the same on every call', () => {
    expect(builtInPublished).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date(builtInPublished).toISOString()).toBe(builtInPublished);
    for (const id of builtInMapIds) {
      const first = getBuiltInMap(id);
      const second = getBuiltInMap(id);
      expect(second).toBe(first);
      expect(Number.isNaN(Date.parse(first?.published ?? ''))).toBe(false);
    }
    expect(defaultMap.published).toBe(builtInPublished);
  });
});

const answers: Record<string, string> = {
  'help-example-bob-1': 'help-example-alice-1',
  'help-example-carol-1': 'help-example-alice-1',
  'help-example-dan-1': 'help-example-bob-1',
  'help-example-erin-1': 'help-example-bob-1',
};

describe('what built-in maps answer', () => {
  it.each(builtInMapIds.map((id) => [id, answers[id] ?? null]))('[B4] %s answers %s', (id, basedOn) => {
    expect(builtInBasedOn(id)).toBe(basedOn);
    if (basedOn !== null) expect(getBuiltInMap(basedOn)).not.toBeNull();
  });

  it.each(['__proto__', 'constructor', 'no-such-map'])('[B4] %s answers nothing', (id) => {
    expect(builtInBasedOn(id)).toBeNull();
  });

  it('[B4] the thread of a built-in map is the built-in maps answering it, breadth first', () => {
    expect(builtInThread('help-example-alice-1')).toEqual([
      { id: 'help-example-bob-1', basedOn: 'help-example-alice-1' },
      { id: 'help-example-carol-1', basedOn: 'help-example-alice-1' },
      { id: 'help-example-dan-1', basedOn: 'help-example-bob-1' },
      { id: 'help-example-erin-1', basedOn: 'help-example-bob-1' },
    ]);
    expect(builtInThread('help-example-bob-1').map((entry) => entry.id)).toEqual([
      'help-example-dan-1',
      'help-example-erin-1',
    ]);
    for (const id of ['default', 'help-example-alice-2', 'help-example-erin-1', 'no-such-map'])
      expect(builtInThread(id), id).toEqual([]);
  });
});
