import { describe, expect, it } from 'vitest';
import type { MapId } from '../../../domain/map-id';
import { mapData, reason } from '../../../domain/test-support/builders';
import { workOutDiscussion } from './work-out-discussion';

const titles = ['', 'Safer streets for children', 'Shops would lose their trade', 'Costs less than parking'];
const r = (n: number, fields: Parameters<typeof reason>[1]) => reason(n, { title: titles[n]!, ...fields });
const map = (id: string, reasons: ReturnType<typeof reason>[]) => ({
  id: id as MapId,
  data: mapData(reasons),
});

describe('the discussion as the worker works it out', () => {
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
      r(2, { support: 'support', belief: 'agree' }),
    ]),
  ];

  it('[N11] gives every order of all reasons, each holding every reason once', () => {
    const { discussion, orders } = workOutDiscussion(maps, []);
    const keys = discussion.reasons.map((r) => r.key).sort();
    for (const order of Object.values(orders)) expect([...order].sort()).toEqual(keys);
    expect(orders['most-shared'][0]).toBe(discussion.reasons.find((r) => r.presence === 3)!.key);
    expect(orders['strongest-against'][0]).toBe(discussion.reasons.find((r) => r.presence === 1)!.key);
  });

  it('[N1] leaves out the maps asked', () => {
    const { discussion } = workOutDiscussion(maps, ['c' as MapId]);
    expect(discussion.mapIds).toEqual(['a', 'b']);
  });
});
