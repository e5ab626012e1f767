import { describe, expect, it } from 'vitest';
import { builtInMapIds } from '../../src/domain/built-in/index';
import { countStoredMaps, getMap, mapRequest, publish, publishOk, reason, serverForFile } from './helpers';

// PRODUCT §5.3 and §4.2: POST /api/map/create stores exactly the validated map under a new id.

const builtInIds: ReadonlySet<string> = new Set(builtInMapIds);

const server = serverForFile();

async function readBack(id: string) {
  const response = await getMap(server.app, id);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    status: string;
    version: string;
    published: string;
    data: Record<string, unknown>;
  };
}

describe('the answer', () => {
  it('is 200 {status: "ok", data: {mapId, published, authorKey, listed}} and the map is stored', async () => {
    const before = countStoredMaps(server.dbPath);
    server.clock.set(Date.parse('2027-01-02T03:04:05.678Z'));
    const response = await publish(server.app, mapRequest());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('ok');
    expect(Object.keys(body.data)).toEqual(['mapId', 'published', 'authorKey', 'listed']);
    // PRODUCT §5.5: a map that answers nothing is never listed; its key is 128 bits, base64url.
    expect(body.data.listed).toBe(false);
    expect(body.data.authorKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(countStoredMaps(server.dbPath)).toBe(before + 1);
    // The client shows the published map from what it sent and this time, without reading it back.
    expect(body.data.published).toBe('2027-01-02T03:04:05.678Z');
    expect((await readBack(body.data.mapId)).published).toBe(body.data.published);
  });
});

describe('map ids (PRODUCT §4.2)', () => {
  it('are the slug of the title, a hyphen and a 12-character [a-z0-9] suffix', async () => {
    const id = await publishOk(server.app, mapRequest({ title: 'More bike lanes on Main Street!' }));
    expect(id).toMatch(/^more-bike-lanes-on-main-street-[a-z0-9]{12}$/);
  });

  it('fold accents and cut the slug at 40 characters on a word boundary', async () => {
    const id = await publishOk(
      server.app,
      mapRequest({
        title: 'Café owners want the whole of the riverside promenade closed to cars on Sundays',
      }),
    );
    const match = /^([a-z0-9-]+)-([a-z0-9]{12})$/.exec(id);
    expect(match).not.toBeNull();
    expect(match![1]!.length).toBeLessThanOrEqual(40);
    expect(match![1]).toBe('cafe-owners-want-the-whole-of-the');
  });

  it.each(['Велосипедные дорожки', '自転車レーン', '???', '— · —'])(
    'are the suffix alone for a title without latin letters or digits: %s',
    async (title) => {
      expect(await publishOk(server.app, mapRequest({ title }))).toMatch(/^[a-z0-9]{12}$/);
    },
  );

  it('never take a built-in id, even for a map titled like one', async () => {
    for (const title of ['default', 'Help example icons', 'help-example-bob-2']) {
      const id = await publishOk(server.app, mapRequest({ title }));
      expect(builtInIds.has(id)).toBe(false);
    }
    // The built-in answers are untouched.
    expect((await readBack('default')).data.title).toBe('New belief');
  });

  it('differ for maps with the same title, and each reads back its own map', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        await publishOk(server.app, mapRequest({ title: 'Same title', description: `Map number ${i}` })),
      );
    }
    expect(new Set(ids).size).toBe(20);
    for (const [i, id] of ids.entries())
      expect((await readBack(id)).data.description).toBe(`Map number ${i}`);
  });
});

describe('published is set by the server', () => {
  it("ignores the client's value and uses the server's clock", async () => {
    server.clock.set(Date.parse('2027-03-04T05:06:07.089Z'));
    const id = await publishOk(server.app, { ...mapRequest(), published: '1999-12-31T23:59:59.000Z' });
    expect((await readBack(id)).published).toBe('2027-03-04T05:06:07.089Z');
  });

  it('accepts a request without published, or with a value of any type', async () => {
    server.clock.set(Date.parse('2027-05-06T07:08:09.000Z'));
    const { published: _ignored, ...withoutPublished } = mapRequest();
    for (const body of [
      withoutPublished,
      { ...mapRequest(), published: 42 },
      { ...mapRequest(), published: null },
    ]) {
      expect((await readBack(await publishOk(server.app, body))).published).toBe('2027-05-06T07:08:09.000Z');
    }
  });
});

describe('the stored data is exactly the validated data', () => {
  it('trims titles, stores blank texts as null, drops unknown fields and keeps the rest as sent', async () => {
    const first = reason({
      id: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D',
      title: '   Safer for children  ',
      relevance: '   ',
      belief: 'strong-agree',
      support: 'support',
      colour: 'red',
    });
    const second = reason({ title: '\tNoise\n', relevance: '', belief: null, support: null });
    const third = reason({
      relevance: '  Spaces inside   are kept  \n as typed ',
      belief: 'strong-disagree',
    });
    const response = await publish(server.app, {
      version: '1.0',
      data: {
        title: '  Bike lanes  ',
        description: ' \n\t ',
        reasons: [first, second, third],
        author: 'mallory',
      },
      isAdmin: true,
    });
    expect(response.statusCode).toBe(200);

    const map = await readBack(response.json().data.mapId);
    expect(map.data).toEqual({
      title: 'Bike lanes',
      description: null,
      reasons: [
        {
          id: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D',
          title: 'Safer for children',
          relevance: null,
          belief: 'strong-agree',
          support: 'support',
        },
        { id: second.id, title: 'Noise', relevance: null, belief: null, support: null },
        {
          id: third.id,
          title: third.title,
          relevance: '  Spaces inside   are kept  \n as typed ',
          belief: 'strong-disagree',
          support: 'strong-support',
        },
      ],
    });
    expect(Object.keys(map)).toEqual(['status', 'version', 'published', 'data']);
  });

  it('keeps the order of the reasons as sent (sorting is the client’s business)', async () => {
    const reasons = [
      reason({ title: 'C', support: null }),
      reason({ title: 'A', support: 'strong-support' }),
      reason({ title: 'B', support: 'disconfirm' }),
    ];
    const map = await readBack(await publishOk(server.app, mapRequest({ reasons })));
    expect((map.data.reasons as { title: string }[]).map((r) => r.title)).toEqual(['C', 'A', 'B']);
  });

  it('stores a map without reasons and with a null description', async () => {
    const map = await readBack(await publishOk(server.app, mapRequest({ description: null, reasons: [] })));
    expect(map.data).toEqual({ title: 'More bike lanes on Main Street', description: null, reasons: [] });
  });

  it('keeps markup, quotes, emoji and other scripts as plain text', async () => {
    const text = '<script>alert("x")</script> & \'quotes\' \\ 🚲 Велосипед 自転車 \u2028';
    const map = await readBack(
      await publishOk(
        server.app,
        mapRequest({ title: text, description: text, reasons: [reason({ title: text, relevance: text })] }),
      ),
    );
    expect(map.data.title).toBe(text.trim());
    expect(map.data.description).toBe(text);
    expect(map.data.reasons).toEqual([expect.objectContaining({ title: text.trim(), relevance: text })]);
  });

  it('accepts every text at its limit and exactly the most reasons allowed (PRODUCT §3.3)', async () => {
    const reasons = Array.from({ length: 1000 }, (_, i) => reason({ title: `Reason ${i}`, relevance: null }));
    reasons[0] = reason({ title: 'r'.repeat(500), relevance: 'v'.repeat(20_000) });
    const data = { title: 't'.repeat(300), description: 'd'.repeat(20_000), reasons };
    const map = await readBack(await publishOk(server.app, mapRequest(data)));
    expect(map.data).toEqual(data);
  });
});
