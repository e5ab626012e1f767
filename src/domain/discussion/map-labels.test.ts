import { describe, expect, it } from 'vitest';
import type { MapId } from '../map-id';
import { mapLabels } from './map-labels';

const map = (id: string, title: string, description: string | null = null) => ({
  id: id as MapId,
  data: { title, description },
});

describe('mapLabels', () => {
  it('[N15] names a map whose title is its own by its title alone', () => {
    const labels = mapLabels([map('a', 'Night buses'), map('b', 'Bike lanes', 'Alice’s map.')]);
    expect(labels.get('a' as MapId)).toEqual({ title: 'Night buses', note: null, short: 'Night buses' });
    expect(labels.get('b' as MapId)?.note).toBeNull();
  });

  it('[N15] tells maps of one title apart by the first sentence of their descriptions', () => {
    const labels = mapLabels([
      map('a', 'Elm Street', "Alice's first map. She cycles every day."),
      map('b', ' elm street ', "Carol's answer to Alice's first map.\nShe teaches."),
      map('c', 'Other', "Alice's first map."),
    ]);
    expect(labels.get('a' as MapId)).toEqual({
      title: 'Elm Street',
      note: "Alice's first map.",
      short: "Alice's first map.",
    });
    expect(labels.get('b' as MapId)?.note).toBe("Carol's answer to Alice's first map.");
    expect(labels.get('c' as MapId)?.note).toBeNull();
  });

  it('[N15] falls back on the id when the descriptions are missing or start alike', () => {
    const labels = mapLabels([
      map('elm-1', 'Elm Street'),
      map('elm-2', 'Elm Street', 'Same start. Then one thing.'),
      map('elm-3', 'Elm Street', 'Same start. Then another.'),
    ]);
    expect([...labels.values()].map((label) => label.note)).toEqual(['elm-1', 'elm-2', 'elm-3']);
  });

  it('[N15] cuts a long first sentence at a word, and takes the first line of one without a stop', () => {
    const long = `${'word '.repeat(30)}end.`;
    const labels = mapLabels([map('a', 'T', long), map('b', 'T', 'First line\nsecond line.')]);
    const note = labels.get('a' as MapId)!.note!;
    expect(note.endsWith('word…')).toBe(true);
    expect([...note].length).toBeLessThanOrEqual(81);
    expect(labels.get('b' as MapId)?.note).toBe('First line');
  });
});
