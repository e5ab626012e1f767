import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { getMap, makeTempDir, mapRequest, publishOk, removeDir, startServer, testClock } from './helpers';

// PRODUCT §2.1: the embedded database keeps published maps across a restart of the server.

const dir = makeTempDir();
afterAll(() => removeDir(dir));

it('serves the same map, byte for byte, from a new app on the same file', async () => {
  const dbPath = join(dir, 'nested', 'folder', 'maps.sqlite');
  const clock = testClock();

  const first = await startServer({ dbPath, clock });
  const id = await publishOk(first.app, mapRequest({ title: 'Keep me' }));
  const before = await getMap(first.app, id);
  expect(before.statusCode).toBe(200);
  await first.close();

  const second = await startServer({ dbPath, clock });
  try {
    const after = await getMap(second.app, id);
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
    // And the new app publishes alongside the old map.
    const another = await publishOk(second.app);
    expect((await getMap(second.app, another)).statusCode).toBe(200);
  } finally {
    await second.close();
  }

  const third = await startServer({ dbPath, clock });
  try {
    expect((await getMap(third.app, id)).body).toBe(before.body);
  } finally {
    await third.close();
  }
});
