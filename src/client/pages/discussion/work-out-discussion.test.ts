import { afterEach, describe, expect, it, vi } from 'vitest';
import { briefOfMap } from '../../../domain/discussion/map-brief';
import type { MapId } from '../../../domain/map-id';
import { mapData, reason } from '../../../domain/test-support/builders';
import {
  answerRequest,
  DiscussionSession,
  versionsOf,
  workOutDiscussion,
  type SessionReply,
  type SessionRequest,
} from './work-out-discussion';

/** The replies `session` makes to `request`, in order. */
async function repliesTo(session: DiscussionSession, request: SessionRequest): Promise<SessionReply[]> {
  const replies: SessionReply[] = [];
  await answerRequest(session, request, (reply) => replies.push(reply));
  return replies;
}

const titles = ['', 'Safer streets for children', 'Shops would lose their trade', 'Costs less than parking'];
const r = (n: number, fields: Parameters<typeof reason>[1]) => reason(n, { title: titles[n]!, ...fields });
const map = (id: string, reasons: ReturnType<typeof reason>[]) => ({
  id: id as MapId,
  data: mapData(reasons),
});

const maps = [
  map('a', [
    r(1, { support: 'strong-support', belief: 'strong-agree' }),
    r(2, { support: 'disconfirm', belief: 'agree' }),
  ]),
  map('b', [
    r(1, { support: 'support', belief: 'agree' }),
    r(3, { support: 'strong-disconfirm', belief: 'strong-agree' }),
  ]),
  map('c', [
    r(1, { support: 'strong-support', belief: 'agree' }),
    // Joins reason 2 by its title (rule N2): its id is its own, its title reads a little otherwise.
    reason(9, { title: 'Shops would lose their trade!', support: 'support', belief: 'agree' }),
  ]),
];

describe('the discussion as the worker works it out', () => {
  it('[N11] gives every order of all reasons, each holding every reason once', () => {
    const { discussion, orders } = workOutDiscussion(maps, []).worked;
    const places = discussion.reasons.map((_, n) => n);
    for (const order of Object.values(orders)) expect([...order].sort()).toEqual(places);
    expect(discussion.reasons[orders['most-shared'][0]!]!.presence).toBe(3);
    expect(discussion.reasons[orders['strongest-against'][0]!]!.presence).toBe(1);
  });

  it('[N1] leaves out the maps asked', () => {
    const { discussion } = workOutDiscussion(maps, ['c' as MapId]).worked;
    expect(discussion.mapIds).toEqual(['a', 'b']);
  });

  it('answers the figures without each map’s version; the versions in brief, apart', () => {
    const { worked, byKey } = workOutDiscussion(maps, []);
    const { discussion } = worked;
    const shops = discussion.reasons.find((r) => r.title === titles[2])!;
    expect(shops).not.toHaveProperty('entries');
    expect(versionsOf(byKey.get(shops.key)!)).toEqual([
      {
        mapId: 'a',
        reasonKey: reason(2).id.toLowerCase(),
        support: 'disconfirm',
        belief: 'agree',
        title: null,
      },
      {
        mapId: 'c',
        reasonKey: reason(9).id.toLowerCase(),
        support: 'support',
        belief: 'agree',
        title: 'Shops would lose their trade!',
      },
    ]);
    // Where the group agrees and splits are the same reasons as All reasons, not copies of them.
    for (const listed of [...discussion.agrees, ...discussion.splits])
      expect(discussion.reasons).toContain(listed);
    expect(JSON.stringify(worked)).not.toContain('"relevance"');
  });
});

describe('a discussion’s session', () => {
  afterEach(() => vi.unstubAllGlobals());

  /**
   * Answers GET /api/maps with `maps` as the server would: in brief but for `texts`, `pageSize`
   * maps (or missing ids) to a page; GET /api/map/{id} whole; and the thread of `a` with b and c.
   */
  function serve(
    thread: { ids: string[]; complete: boolean } = { ids: ['b', 'c'], complete: true },
    pageSize = 100,
  ) {
    const asked: string[] = [];
    const item = (m: (typeof maps)[number]) => ({
      mapId: m.id,
      version: '1.0',
      published: '2026-11-01T00:00:00.000Z',
      ...(m.id === 'a' ? {} : { basedOn: 'a' }),
    });
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      if (url.includes('/thread'))
        return Response.json({
          status: 'ok',
          data: {
            mapId: 'a',
            maps: thread.ids.map((mapId) => ({
              mapId,
              title: mapId,
              published: '2026-11-01T00:00:00.000Z',
              basedOn: 'a',
            })),
            complete: thread.complete,
          },
        });
      if (url.startsWith('/api/map/')) {
        const found = maps.find((m) => m.id === url.slice('/api/map/'.length));
        if (!found) return Response.json({ status: 'error', message: 'gone' }, { status: 404 });
        const { mapId: _mapId, ...rest } = item(found);
        return Response.json({ status: 'ok', ...rest, data: found.data });
      }
      const params = new URL(url, 'http://x').searchParams;
      const ids = params.get('ids')!.split(',').sort();
      const texts = (params.get('texts') ?? '').split(',');
      const after = params.get('after');
      const page = ids.slice(after === null ? 0 : ids.indexOf(after) + 1).slice(0, pageSize);
      const next = page.at(-1) === ids.at(-1) ? null : page.at(-1)!;
      return Response.json({
        status: 'ok',
        data: {
          maps: maps
            .filter((m) => page.includes(m.id))
            .map((m) => ({
              ...item(m),
              ...(texts.includes(m.id) ? { data: m.data } : { brief: briefOfMap(m.data) }),
            })),
          missing: page.filter((id) => !maps.some((m) => m.id === id)),
          next,
        },
      });
    });
    return asked;
  }

  it('reads the maps page by page, telling how far it has come, each map once', async () => {
    const asked = serve(undefined, 2);
    const progress: [number, number][] = [];
    const loaded = await new DiscussionSession().load(
      { ids: ['c', 'b', 'x', 'a'] as MapId[] },
      (read, total) => progress.push([read, total]),
    );
    expect(progress).toEqual([
      [2, 4],
      [4, 4],
    ]);
    expect(loaded.maps.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(loaded.missing).toEqual(['x']);
    expect(asked.filter((url) => url.startsWith('/api/maps'))).toHaveLength(2);
    // Only the draft's map came whole.
    expect(asked.every((url) => !url.startsWith('/api/map/'))).toBe(true);
  });

  it('reads another map whole only when a reason of it is asked for', async () => {
    const asked = serve();
    const session = new DiscussionSession();
    await session.load({ root: 'a' as MapId });
    const wholeReads = () => asked.filter((url) => url.startsWith('/api/map/') && !url.includes('/thread'));
    expect(wholeReads()).toEqual([]);
    expect(await session.reason('b' as MapId, reason(3).id.toLowerCase())).toEqual(maps[1]!.data.reasons[1]);
    expect(wholeReads()).toEqual(['/api/map/b']);
    expect(await session.reason('b' as MapId, reason(1).id.toLowerCase())).toEqual(maps[1]!.data.reasons[0]);
    expect(wholeReads()).toEqual(['/api/map/b']);
    expect(await session.reason('zzz' as MapId, 'nope')).toBeNull();
  });

  it('reads a thread’s maps, lists them in brief and keeps the first whole for the draft', async () => {
    serve();
    const loaded = await new DiscussionSession().load({ root: 'a' as MapId });
    expect(loaded.maps.map((m) => [m.id, m.parent])).toEqual([
      ['a', null],
      ['b', 'a'],
      ['c', 'a'],
    ]);
    expect(loaded.maps[0]!.balanceLine).toMatch(/^For: .* · Against: /);
    expect(loaded.maps[0]!.label).toEqual({ title: 'Bike lane on Main Street', note: 'a', short: 'a' });
    expect(loaded.draftMap?.id).toBe('a');
    expect(loaded.draftMap?.map.data).toEqual(maps[0]!.data);
    expect(loaded).toMatchObject({ missing: [], notShown: 0, threadComplete: true });
  });

  it('says how many maps of a long thread it did not read: past the first 100, or past the server’s bound', async () => {
    const ids = Array.from({ length: 150 }, (_, n) => `m${n}`);
    const asked = serve({ ids, complete: false });
    const loaded = await new DiscussionSession().load({ root: 'a' as MapId });
    expect(loaded.notShown).toBe(51);
    expect(loaded.threadComplete).toBe(false);
    const read = new URL(asked.at(-1)!, 'http://x').searchParams.get('ids')!.split(',');
    expect(read).toHaveLength(100);
    expect(read[0]).toBe('a');
  });

  it('answers a load with the maps, then the figures; a reason in full, as one map holds it', async () => {
    serve();
    const session = new DiscussionSession();
    const replies = await repliesTo(session, {
      kind: 'load',
      origin: { ids: ['c', 'b', 'a'] as MapId[] },
    });
    expect(replies.map((reply) => reply.kind)).toEqual(['progress', 'loaded', 'worked']);
    // Given ids: the first found is the draft's map.
    expect((replies[1] as Extract<SessionReply, { kind: 'loaded' }>).loaded.draftMap?.id).toBe('c');
    const [answer] = await repliesTo(session, {
      kind: 'reason',
      ask: 7,
      mapId: 'c' as MapId,
      reasonKey: reason(9).id.toLowerCase(),
    });
    expect(answer).toEqual({ kind: 'reason', ask: 7, reason: maps[2]!.data.reasons[1] });
    const [none] = await repliesTo(session, {
      kind: 'reason',
      ask: 8,
      mapId: 'a' as MapId,
      reasonKey: 'nope',
    });
    expect(none).toEqual({ kind: 'reason', ask: 8, reason: null });

    // Versions are those of the figures last worked out: with a map left out, that map's are gone.
    const first = (replies[2] as Extract<SessionReply, { kind: 'worked' }>).worked.discussion.reasons;
    const saferKey = first.find((r) => r.title === titles[1])!.key;
    const mapsOf = async (ask: number) => {
      const [reply] = await repliesTo(session, { kind: 'versions', ask, key: saferKey });
      return (reply as Extract<SessionReply, { kind: 'versions' }>).versions?.map((v) => v.mapId);
    };
    expect(await mapsOf(9)).toEqual(['a', 'b', 'c']);
    const [worked] = await repliesTo(session, { kind: 'work', round: 3, leftOut: ['a' as MapId] });
    expect(worked).toMatchObject({
      kind: 'worked',
      round: 3,
      worked: { discussion: { mapIds: ['b', 'c'] } },
    });
    expect(await mapsOf(10)).toEqual(['b', 'c']);
    const [gone] = await repliesTo(session, { kind: 'versions', ask: 11, key: 'nope' });
    expect(gone).toEqual({ kind: 'versions', ask: 11, versions: null });
  });

  it('lists the maps before it works out their figures', async () => {
    serve();
    const session = new DiscussionSession();
    const work = vi.spyOn(session, 'work');
    const workedWhenListed: number[] = [];
    await answerRequest(session, { kind: 'load', origin: { root: 'a' as MapId } }, (reply) => {
      if (reply.kind === 'loaded') workedWhenListed.push(work.mock.calls.length);
    });
    expect(workedWhenListed).toEqual([0]);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('answers a load of a page’s address, read as the page reads it', async () => {
    const asked = serve();
    const given = await repliesTo(new DiscussionSession(), {
      kind: 'load-at',
      path: '/Discussion/',
      search: '?maps=c,%20b,a,c',
    });
    expect(given.map((reply) => reply.kind)).toEqual(['progress', 'loaded', 'worked']);
    expect((given[1] as Extract<SessionReply, { kind: 'loaded' }>).loaded.draftMap?.id).toBe('c');
    const thread = await repliesTo(new DiscussionSession(), {
      kind: 'load-at',
      path: '/discussion/a',
      search: '',
    });
    expect((thread[1] as Extract<SessionReply, { kind: 'loaded' }>).loaded.maps.map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    const count = asked.length;
    expect(
      await repliesTo(new DiscussionSession(), { kind: 'load-at', path: '/discussion/No_Map', search: '' }),
    ).toEqual([{ kind: 'failed', message: '/discussion/No_Map is not a discussion of maps' }]);
    expect(asked).toHaveLength(count);
  });

  it('answers a failed read with its message', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ status: 'error', message: 'ids names 0 maps' }, { status: 400 }),
    );
    const replies = await repliesTo(new DiscussionSession(), {
      kind: 'load',
      origin: { ids: ['a' as MapId] },
    });
    expect(replies).toEqual([{ kind: 'failed', message: 'ids names 0 maps' }]);
  });
});
