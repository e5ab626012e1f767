import { beforeAll, describe, expect, it } from 'vitest';
import { countStoredMaps, getMap, mapRequest, publish, publishOk, reason, serverForFile } from './helpers';

// PRODUCT §13.4: ids and bodies can never reach a file
// path or an SQL string. A hostile id is refused by its format before anything looks it up; a
// hostile text is stored and answered as exactly that text; the id of a new map is the server's,
// made from the title's letters and digits only, whatever the client sends.

const server = serverForFile();
let existing: string;
beforeAll(async () => {
  existing = await publishOk(server.app);
});

const hostileIds = [
  "x' OR '1'='1",
  "x'; DROP TABLE maps; --",
  'x" OR "1"="1',
  'x%27%20OR%201%3D1',
  '..%2F..%2Fpackage.json',
  '..%5C..%5Cpackage.json',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'x%00.json',
  'draft.x%2F..',
  'X',
];

describe('a hostile map id', () => {
  it.each(hostileIds)('%s is refused by its format, and the database is untouched', async (id) => {
    const before = countStoredMaps(server.dbPath);
    const response = await getMap(server.app, id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Map id .* does not match expected format$/);
    expect(countStoredMaps(server.dbPath)).toBe(before);
    expect((await getMap(server.app, existing)).statusCode).toBe(200);
  });

  it('a well-formed id that looks like SQL is only ever a value: unknown, 404', async () => {
    for (const id of ['or-1-1', 'drop-table-maps', 'select-from-maps-where-1-1']) {
      expect((await getMap(server.app, id)).statusCode, id).toBe(404);
    }
  });
});

describe('hostile text in a published map', () => {
  const texts = {
    title: "Robert'); DROP TABLE maps; --",
    description: '" OR 1=1 -- \\x00 ../../../etc/passwd $(rm -rf /) `id` ${process.env.HOME}',
    reasonTitle: '../../../../etc/passwd',
    relevance: "'; DELETE FROM maps WHERE '1'='1",
  };

  it('is stored and answered exactly as sent, and every map is still there', async () => {
    const before = countStoredMaps(server.dbPath);
    const id = await publishOk(
      server.app,
      mapRequest({
        title: texts.title,
        description: texts.description,
        reasons: [reason({ title: texts.reasonTitle, relevance: texts.relevance })],
      }),
    );
    expect(countStoredMaps(server.dbPath)).toBe(before + 1);
    const data = (await getMap(server.app, id)).json().data;
    expect(data.title).toBe(texts.title);
    expect(data.description).toBe(texts.description);
    expect(data.reasons[0].title).toBe(texts.reasonTitle);
    expect(data.reasons[0].relevance).toBe(texts.relevance);
    expect((await getMap(server.app, existing)).statusCode).toBe(200);
  });

  it('gives a new map an id of lowercase letters, digits and hyphens only', async () => {
    for (const title of [texts.title, texts.reasonTitle, '<script>alert(1)</script>', '..', 'ÆØÅ 東京 🚲']) {
      const id = await publishOk(server.app, mapRequest({ title }));
      expect(id, title).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('ignores an id, a path or a file name the client tries to choose', async () => {
    const response = await publish(server.app, {
      ...mapRequest(),
      id: '../../escape',
      mapId: 'chosen-by-client-aaaaaaaaaa',
      path: '/etc/passwd',
      file: '../../data/belief-map.sqlite',
    });
    expect(response.statusCode).toBe(200);
    const id = response.json().data.mapId as string;
    expect(id).not.toContain('chosen');
    expect(id).toMatch(/^more-bike-lanes-on-main-street-[a-z0-9]{10,}$/);
  });
});
