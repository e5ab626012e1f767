import { describe, expect, it } from 'vitest';
import { timeSlices } from '../../src/server/http/time-slices';

// Finished request bodies are handled in slices of about 10 ms per turn of the event loop, so
// that other requests are served between them (PRODUCT §14).

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('timeSlices', () => {
  it('runs jobs in order, about a slice of them per turn, and lets the loop turn between slices', async () => {
    let now = 0;
    const inTurn = timeSlices(10, () => now);
    const ran: number[] = [];
    // Each job takes 6 ms: two fit in a 10 ms slice (the second passes the mark).
    for (let i = 0; i < 5; i++) {
      inTurn(() => {
        ran.push(i);
        now += 6;
      });
    }
    expect(ran).toEqual([]);
    const perTurn: number[] = [];
    while (ran.length < 5) {
      await nextTurn();
      perTurn.push(ran.length);
    }
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(perTurn).toEqual([2, 4, 5]);
  });

  it('runs quick jobs all in one turn', async () => {
    const inTurn = timeSlices(10, () => 0);
    const ran: number[] = [];
    for (let i = 0; i < 100; i++) inTurn(() => ran.push(i));
    await nextTurn();
    expect(ran).toHaveLength(100);
  });

  it('takes jobs queued by a running job in the same slice', async () => {
    const inTurn = timeSlices(10, () => 0);
    const ran: string[] = [];
    inTurn(() => {
      ran.push('first');
      inTurn(() => ran.push('queued by first'));
    });
    await nextTurn();
    expect(ran).toEqual(['first', 'queued by first']);
  });
});
