import type { MapData } from '../../../src/domain/belief-map';
import { test } from './fixtures';
import type { RunningApp } from './harness';

// Maps for browser tests, published through the real API as a user's browser would. Build their
// reasons with src/domain/test-support/builders.ts.

export interface PublishedTestMap {
  id: string;
  /** When the server says it was published (ISO), as a draft of it records. */
  published: string;
}

/** Publishes `data` with POST /api/map/create and answers the new id and its publication time. */
export async function publishTestMap(app: RunningApp, data: MapData): Promise<PublishedTestMap> {
  const created = await fetch(`${app.baseUrl}/api/map/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: '1.0', data }),
  });
  const body = (await created.json()) as { status: string; data?: { mapId: string }; message?: string };
  if (body.status !== 'ok' || !body.data)
    throw new Error(`publish failed: ${body.message ?? created.status}`);
  const id = body.data.mapId;
  const answer = (await (await fetch(`${app.baseUrl}/api/map/${id}`)).json()) as { published: string };
  return { id, published: answer.published };
}

/** The browser tests' `test` with one more file fixture, `mapId`: `data`, published for the file. */
export function testWithPublishedMap(data: MapData) {
  return test.extend('mapId', { scope: 'file' }, async ({ app }) => (await publishTestMap(app, data)).id);
}
