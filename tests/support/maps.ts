import { randomUUID } from 'node:crypto';
import type { MapData } from '../../src/domain/belief-map';
import { beliefValues, supportValues } from '../../src/domain/ratings';

// Publish requests for tests and benchmarks that need many realistic maps. Every map here is
// already in the form the server stores (trimmed titles, null for no text), so what is read back
// must equal what was sent.

/** A map of `reasons` reasons with realistic text; `n` makes titles and reason ids differ between maps. */
export function sampleMapData(reasons: number, n = 0): MapData {
  return {
    title: `Turn the Main Street parking lane into a protected bike lane (${n})`,
    description:
      'The council proposes removing 40 parking spaces between the station and the market square ' +
      'to build a two-way protected bike lane next spring.',
    reasons: Array.from({ length: reasons }, (_, i) => ({
      id: randomUUID() as MapData['reasons'][number]['id'],
      title: `Reason ${i + 1} of map ${n}: deliveries to the shops on the east side would need a new loading bay`,
      relevance:
        i % 4 === 3
          ? null
          : 'Shop owners say most of their customers arrive by car; a survey last year found 62% walk or cycle.',
      belief: i % 6 === 5 ? null : beliefValues[i % beliefValues.length]!,
      support: i % 7 === 6 ? null : supportValues[i % supportValues.length]!,
    })),
  };
}

export function publishBody(data: MapData): string {
  return JSON.stringify({ version: '1.0', data });
}

/**
 * A map of about `bytes` of JSON (up to the 2 MiB body limit), nearly all of it relevance texts:
 * the large maps of the floods, whose briefs are a few KB. `n` makes its ids and title its own.
 */
export function largeMapData(bytes: number, n = 0): MapData {
  const data = sampleMapData(100, n);
  const relevance = Math.min(20_000, Math.floor(bytes / 100) - 250);
  return {
    ...data,
    reasons: data.reasons.map((reason, i) => ({ ...reason, relevance: `${i}: `.padEnd(relevance, 'x') })),
  };
}
