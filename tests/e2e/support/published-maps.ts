import { randomUUID } from 'node:crypto';
import type { Belief, Support } from '../../../src/domain/ratings';
import type { RunningApp } from './harness';

// Maps for browser tests, published through the real API as a user's browser would.

export interface TestReason {
  id: string;
  title: string;
  relevance: string | null;
  belief: Belief | null;
  support: Support | null;
}

export interface TestMapData {
  title: string;
  description: string | null;
  reasons: TestReason[];
}

/** A reason with a fresh UUID; unrated and without relevance unless given. */
export function testReason(
  title: string,
  fields: Partial<Omit<TestReason, 'id' | 'title'>> = {},
): TestReason {
  return { id: randomUUID(), title, relevance: null, belief: null, support: null, ...fields };
}

/** Publishes `data` with POST /api/map/create and answers the new id and its publication time. */
export async function publishTestMap(
  app: RunningApp,
  data: TestMapData,
): Promise<{ id: string; published: string }> {
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
