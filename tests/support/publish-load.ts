import { Agent } from 'node:http';
import { expect } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { publishedId, send, type Answer } from './http';
import { publishBody } from './maps';

// Many publishes at once against a server process, with something done to it in the middle
// (kill -9 of the process or of one worker), and the check that every publish answered ok is
// stored intact. Shared by the reliability tests.

export interface Confirmed {
  id: string;
  data: MapData;
}

export interface LoadOptions {
  /** Sockets the client uses at once: enough to keep the server busy, few enough for one machine. */
  sockets: number;
  /** Calls `interrupt` once this many publishes have been answered ok. */
  interruptAfter: number;
  interrupt: () => void;
}

/** Publishes every map at once over `sockets` connections; `interrupt` runs midway. */
export async function publishDuring(
  url: string,
  maps: readonly MapData[],
  options: LoadOptions,
): Promise<{ confirmed: Confirmed[]; answers: Answer[]; afterInterrupt: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.sockets });
  const confirmed: Confirmed[] = [];
  let interrupted = false;
  let afterInterrupt = 0;
  const answers = await Promise.all(
    maps.map(async (data) => {
      const answer = await send(`${url}/api/map/create`, { agent, body: publishBody(data) });
      if (answer.status === 200) {
        confirmed.push({ id: publishedId(answer), data });
        if (interrupted) afterInterrupt++;
        if (confirmed.length >= options.interruptAfter && !interrupted) {
          interrupted = true;
          options.interrupt();
        }
      }
      return answer;
    }),
  );
  agent.destroy();
  // Every request either was answered ok or lost its connection to the interruption: nothing else.
  const other = answers.filter((a) => a.status !== 200 && a.status !== null);
  expect(other, JSON.stringify(other.slice(0, 3))).toEqual([]);
  return { confirmed, answers, afterInterrupt };
}

/** Reads every confirmed map back from `url`: all there, their data byte for byte as sent. */
export async function expectAllIntact(url: string, confirmed: readonly Confirmed[]): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  try {
    const missing: string[] = [];
    await Promise.all(
      confirmed.map(async ({ id, data }) => {
        const answer = await send(`${url}/api/map/${id}`, { agent });
        if (answer.status !== 200) missing.push(`${id}: ${answer.status} ${answer.body}`);
        else if (!answer.body.endsWith(`"data":${JSON.stringify(data)}}`)) missing.push(`${id}: changed`);
      }),
    );
    expect(missing).toEqual([]);
  } finally {
    agent.destroy();
  }
}
