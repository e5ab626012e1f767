import { beforeAll, expect, it } from 'vitest';
import { countStoredMaps, listen, mapRequest, reason, serverForFile } from './helpers';

// PRODUCT §5.3: publishing is safe under load. 100 publishes at once over real HTTP each get their
// own id and read back exactly what was sent.

const server = serverForFile();
let url: string;
beforeAll(async () => {
  url = await listen(server.app);
});

it('answers 100 concurrent publishes with 100 distinct ids, each map intact', async () => {
  // Half share one title, so their slugs collide and only the suffix tells them apart.
  const requests = Array.from({ length: 100 }, (_, i) =>
    mapRequest({
      title: i % 2 === 0 ? 'Same title for everyone' : `Map number ${i}`,
      description: `Description of map ${i}`,
      reasons: Array.from({ length: (i % 5) + 1 }, (_, j) => reason({ title: `Reason ${j} of map ${i}` })),
    }),
  );

  const answers = await Promise.all(
    requests.map(async (body) => {
      const response = await fetch(`${url}/api/map/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { status: string; data: { mapId: string } },
      };
    }),
  );

  expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
  const ids = answers.map((a) => a.body.data.mapId);
  expect(new Set(ids).size).toBe(100);
  expect(countStoredMaps(server.dbPath)).toBe(100);

  const readBack = await Promise.all(
    ids.map(async (id) => {
      const response = await fetch(`${url}/api/map/${id}`);
      expect(response.status).toBe(200);
      return (await response.json()) as { data: unknown };
    }),
  );
  readBack.forEach((map, i) => expect(map.data).toEqual(requests[i]!.data));
});
