import { describe, expect, it } from 'vitest';
import { publishAnswerSchema, responsesPageSchema, threadSchema } from './response-answers';

const published = '2026-11-20T10:00:00.000Z';
const side = { count: 1, weight: 1.5 };
const summary = {
  mapId: 'no-bike-lane-x8d2k1m0qa7c',
  title: 'No bike lane',
  published,
  reasons: 2,
  balance: { for: side, against: side, unrated: 0, neither: 0 },
};

describe('answers about responses', () => {
  it('[A4] reads a publish answer from a server before responses, and drops unknown fields', () => {
    expect(publishAnswerSchema.parse({ mapId: 'bike-k3j9x2m7qa1b', published })).toEqual({
      mapId: 'bike-k3j9x2m7qa1b',
      published,
    });
    const answer = { mapId: 'bike-k3j9x2m7qa1b', published, authorKey: 'A'.repeat(22), listed: true };
    expect(publishAnswerSchema.parse({ ...answer, later: 1 })).toEqual(answer);
  });

  it.each([
    ['a draft id', { mapId: 'draft.bike', published }],
    ['a short key', { mapId: 'bike', published, authorKey: 'abc' }],
    ['listed as text', { mapId: 'bike', published, listed: 'yes' }],
  ])('[A4] refuses a publish answer with %s', (_name, answer) => {
    expect(publishAnswerSchema.safeParse(answer).success).toBe(false);
  });

  it('[A4] reads a page of responses and a thread', () => {
    expect(responsesPageSchema.parse({ responses: [summary], next: null })).toEqual({
      responses: [summary],
      next: null,
    });
    const thread = {
      mapId: 'bike-k3j9x2m7qa1b',
      maps: [{ mapId: summary.mapId, title: 'No bike lane', published, basedOn: 'bike-k3j9x2m7qa1b' }],
      complete: true,
    };
    expect(threadSchema.parse(thread)).toEqual(thread);
  });

  it.each([
    ['a negative weight', { ...summary, balance: { ...summary.balance, for: { count: 1, weight: -1 } } }],
    ['a fractional count', { ...summary, reasons: 1.5 }],
    ['a bad time', { ...summary, published: 'yesterday' }],
  ])('[A4] refuses a response with %s', (_name, response) => {
    expect(responsesPageSchema.safeParse({ responses: [response], next: null }).success).toBe(false);
  });
});
