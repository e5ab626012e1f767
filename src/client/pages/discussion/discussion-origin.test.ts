import { describe, expect, it } from 'vitest';
import type { MapId } from '../../../domain/map-id';
import { discussionOrigin, discussionOriginAt, sameOrigin } from './discussion-origin';

const ids = (...names: string[]) => ({ ids: names as MapId[] });

describe('a discussion page’s maps, from its address', () => {
  it('reads a map and its thread, or the maps given, as the routes read the address', () => {
    expect(discussionOriginAt('/discussion/help-example-alice-1', '')).toEqual({
      root: 'help-example-alice-1',
    });
    expect(discussionOriginAt('/DISCUSSION/help-example-alice-1/', '?x=1')).toEqual({
      root: 'help-example-alice-1',
    });
    expect(discussionOriginAt('/discussion', '?maps=b,a,%20b')).toEqual(ids('b', 'a'));
    expect(discussionOriginAt('/discussion/', '')).toEqual(ids());
  });

  it('reads the same maps as the page from its route parameter and query', () => {
    expect(discussionOrigin('help-example-bob-1', '')).toEqual({ root: 'help-example-bob-1' });
    expect(discussionOrigin(undefined, 'https://example.org/map/abc-1,abc-2,draft.abc-1')).toEqual(
      ids('abc-1', 'abc-2'),
    );
  });

  it('has no maps for a malformed id, and no discussion at other addresses', () => {
    expect(discussionOriginAt('/discussion/Not_An_Id', '')).toBeNull();
    expect(discussionOriginAt('/discussion/%E0%A4%A', '')).toBeNull();
    expect(discussionOriginAt('/discussion/a/b', '')).toBeUndefined();
    expect(discussionOriginAt('/discussions', '')).toBeUndefined();
    expect(discussionOriginAt('/map/abc', '?maps=a,b')).toBeUndefined();
  });

  it('tells whether two origins name the same maps in the same order', () => {
    expect(sameOrigin({ root: 'a' as MapId }, { root: 'a' as MapId })).toBe(true);
    expect(sameOrigin({ root: 'a' as MapId }, ids('a'))).toBe(false);
    expect(sameOrigin(ids('a', 'b'), ids('a', 'b'))).toBe(true);
    expect(sameOrigin(ids('a', 'b'), ids('b', 'a'))).toBe(false);
    expect(sameOrigin(ids('a'), ids('a', 'b'))).toBe(false);
  });
});
