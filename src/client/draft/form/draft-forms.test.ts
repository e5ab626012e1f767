import { describe, expect, it } from 'vitest';
import type { MapData, ReasonId } from '../../../domain/belief-map';
import { beliefFormValues, parseBeliefForm, parseReasonForm, reasonFormValues } from './draft-forms';

// PRODUCT §6.3: the belief and reason forms, through the shared schema.

const id = '00000000-0000-4000-8000-000000000001' as ReasonId;
const data: MapData = { title: 'Bike lane', description: null, reasons: [] };

describe('belief form', () => {
  it('trims the title and stores an empty or blank description as null', () => {
    expect(parseBeliefForm({ title: '  Bike lane  ', description: '   ' }, data)).toEqual({
      ok: true,
      value: { title: 'Bike lane', description: null },
    });
    expect(parseBeliefForm({ title: 'T', description: 'Why\nand how' }, data)).toMatchObject({
      value: { description: 'Why\nand how' },
    });
  });

  it('requires a title and applies the length limits, with the message beside its field', () => {
    expect(parseBeliefForm({ title: '  ', description: '' }, data)).toEqual({
      ok: false,
      error: { title: 'Title is required' },
    });
    expect(parseBeliefForm({ title: 'x'.repeat(301), description: 'y'.repeat(20_001) }, data)).toEqual({
      ok: false,
      error: {
        title: 'Title must be at most 300 characters',
        description: 'Description must be at most 20,000 characters',
      },
    });
  });

  it('starts from the map, with null as an empty field', () => {
    expect(beliefFormValues(data)).toEqual({ title: 'Bike lane', description: '' });
  });
});

describe('reason form', () => {
  it('stores an empty selection and an empty relevance as null', () => {
    expect(parseReasonForm({ title: 'Safer', relevance: '', belief: '', support: '' }, id)).toEqual({
      ok: true,
      value: { id, title: 'Safer', relevance: null, belief: null, support: null },
    });
    expect(
      parseReasonForm({ title: 'Safer', relevance: 'Kids', belief: 'agree', support: 'support' }, id),
    ).toMatchObject({
      value: { relevance: 'Kids', belief: 'agree', support: 'support' },
    });
  });

  it('requires a title of at most 500 characters', () => {
    expect(parseReasonForm({ title: '', relevance: '', belief: '', support: '' }, id)).toEqual({
      ok: false,
      error: { title: 'Reason title is required' },
    });
    expect(
      parseReasonForm({ title: 'x'.repeat(501), relevance: '', belief: '', support: '' }, id),
    ).toMatchObject({
      error: { title: 'Reason title must be at most 500 characters' },
    });
  });

  it('round-trips a reason through its form values', () => {
    const reason = { id, title: 'Safer', relevance: null, belief: 'strong-agree' as const, support: null };
    const parsed = parseReasonForm(reasonFormValues(reason), id);
    expect(parsed).toEqual({ ok: true, value: reason });
    expect(reasonFormValues(null)).toEqual({ title: '', relevance: '', belief: '', support: '' });
  });
});
