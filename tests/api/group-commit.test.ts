import { describe, expect, it } from 'vitest';
import { groupCommit, type InsertRow } from '../../src/server/store/group-commit';
import { IdExhaustedError, maxIdAttempts, type NewMap } from '../../src/server/store/map-store';

// Group commit (store/group-commit.ts): the publishes of one turn of the event loop are stored by
// one insert, each answered with its own id once that insert is done.

const map = (n: number): NewMap => ({
  published: '2026-11-20T10:00:00.000Z',
  expiresAt: Date.parse('2027-02-18T10:00:00.000Z'),
  dataJson: `{"n":${n}}`,
});

/** An in-memory table behind the InsertMany contract, recording each call. */
function table() {
  const rows = new Map<string, NewMap>();
  const calls: InsertRow[][] = [];
  let failure: Error | null = null;
  return {
    rows,
    calls,
    fail: (error: Error | null) => (failure = error),
    insertMany: async (batch: readonly InsertRow[]) => {
      calls.push([...batch]);
      await new Promise((done) => setTimeout(done, 1));
      if (failure) throw failure;
      const stored = new Set<string>();
      for (const { id, map } of batch) {
        if (!rows.has(id)) {
          rows.set(id, map);
          stored.add(id);
        }
      }
      return stored;
    },
  };
}

let counter = 0;
const freshId = () => `map-${counter++}`;

describe('groupCommit', () => {
  it('stores the publishes of one turn with one insert and answers each with its id', async () => {
    const db = table();
    const commits = groupCommit(db.insertMany);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => commits.publish(map(i), freshId)));
    expect(db.calls).toHaveLength(1);
    expect(new Set(ids).size).toBe(20);
    ids.forEach((id, i) => expect(db.rows.get(id)).toEqual(map(i)));
  });

  it('splits a turn with more publishes than one insert takes', async () => {
    const db = table();
    const commits = groupCommit(db.insertMany, { maxBatch: 8 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => commits.publish(map(i), freshId)));
    expect(db.calls.map((call) => call.length)).toEqual([8, 8, 4]);
  });

  it('retries a taken id with a new one, also when two publishes of one insert draw the same id', async () => {
    const db = table();
    db.rows.set('taken', map(-1));
    const commits = groupCommit(db.insertMany);
    // Both first draw "taken" (stored already), then both draw "twin" within the same insert.
    const draws = () => {
      const sequence = ['taken', 'twin', 'twin', freshId()];
      let i = 0;
      return () => sequence[Math.min(i++, sequence.length - 1)]!;
    };
    const [a, b] = await Promise.all([commits.publish(map(1), draws()), commits.publish(map(2), draws())]);
    expect(a).not.toBe(b);
    expect(db.rows.get(a)).toEqual(map(1));
    expect(db.rows.get(b)).toEqual(map(2));
    expect(db.rows.get('taken')).toEqual(map(-1));
  });

  it(`gives up with IdExhaustedError after ${maxIdAttempts} taken ids, the others unaffected`, async () => {
    const db = table();
    db.rows.set('taken', map(-1));
    const commits = groupCommit(db.insertMany);
    const [stuck, fine] = await Promise.allSettled([
      commits.publish(map(1), () => 'taken'),
      commits.publish(map(2), freshId),
    ]);
    expect(stuck.status === 'rejected' && stuck.reason).toBeInstanceOf(IdExhaustedError);
    expect(fine.status).toBe('fulfilled');
  });

  it('rejects every publish of an insert that fails, and goes on with the next ones', async () => {
    const db = table();
    const commits = groupCommit(db.insertMany);
    db.fail(new Error('disk full'));
    const failed = await Promise.allSettled([
      commits.publish(map(1), freshId),
      commits.publish(map(2), freshId),
    ]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(db.rows.size).toBe(0);
    db.fail(null);
    expect(db.rows.get(await commits.publish(map(3), freshId))).toEqual(map(3));
  });

  it('never sends one id twice in an insert: a publish left with a duplicate is refused', async () => {
    const db = table();
    const commits = groupCommit(db.insertMany);
    const [first, second] = await Promise.allSettled([
      commits.publish(map(1), () => 'same'),
      commits.publish(map(2), () => 'same'),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: 'same' });
    expect(second.status === 'rejected' && second.reason).toBeInstanceOf(IdExhaustedError);
    expect(db.calls.flat().map((row) => row.id)).toEqual(['same']);
    expect(db.rows.get('same')).toEqual(map(1));
  });

  it('rejects the publishes of a batch whose id generator throws, and can still drain', async () => {
    const db = table();
    const commits = groupCommit(db.insertMany);
    const results = await Promise.allSettled([
      commits.publish(map(1), freshId),
      commits.publish(map(2), () => {
        throw new Error('no randomness');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await commits.drain();
    expect(db.rows.get(await commits.publish(map(3), freshId))).toEqual(map(3));
  });

  it('drain waits for every publish handed over so far', async () => {
    const db = table();
    const commits = groupCommit(db.insertMany);
    const answered: string[] = [];
    for (let i = 0; i < 5; i++) void commits.publish(map(i), freshId).then((id) => answered.push(id));
    await commits.drain();
    await Promise.resolve();
    expect(answered).toHaveLength(5);
    await commits.drain(); // nothing pending: at once
  });
});
