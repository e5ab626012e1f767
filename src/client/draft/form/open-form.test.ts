import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../domain/belief-map';
import { reason, reasonId } from '../../../domain/test-support/builders';
import { formChange, formConflict } from './save';
import { isFormChanged, parseOpenForm, type OpenForm } from './open-form';

// PRODUCT §7.5: the open form as part of the draft's state, and the conflicts its save looks for.

const draft: Draft = {
  version: '1.0',
  published: null,
  updatedAt: '2026-11-22T10:00:00.000Z',
  data: { title: 'Bike lane', description: null, reasons: [reason(1, { title: 'Safer' })] },
};
const reasonValues = { title: 'Safer', relevance: '', belief: 'agree', support: 'support' };
const editItem = (values = reasonValues, initial = reasonValues): OpenForm => ({
  target: { kind: 'reason', id: reasonId(1) },
  initial,
  values,
});

describe('open form', () => {
  it('is changed when a field differs from where it started', () => {
    expect(isFormChanged(editItem())).toBe(false);
    expect(isFormChanged(editItem({ ...reasonValues, relevance: 'Police figures' }))).toBe(true);
  });

  it.each<[string, Draft, OpenForm, ReturnType<typeof formConflict>]>([
    ['none when the item is as the form found it', draft, editItem(), null],
    [
      'changed when a field it started from differs now',
      { ...draft, data: { ...draft.data, reasons: [reason(1, { title: 'Renamed elsewhere' })] } },
      editItem(),
      'changed',
    ],
    [
      'deleted when the item is gone',
      { ...draft, data: { ...draft.data, reasons: [] } },
      editItem(),
      'deleted',
    ],
    [
      'changed for the belief',
      { ...draft, data: { ...draft.data, title: 'Renamed' } },
      {
        target: { kind: 'belief' },
        initial: { title: 'Bike lane', description: '' },
        values: { title: 'Mine', description: '' },
      },
      'changed',
    ],
    [
      'none for a new item',
      draft,
      { target: { kind: 'add', id: reasonId(2) }, initial: reasonValues, values: reasonValues },
      null,
    ],
  ])('conflict: %s', (_, current, form, expected) => {
    expect(formConflict(current, form)).toBe(expected);
  });

  it('saves as the Save button would, or refuses an invalid field', () => {
    const change = formChange(editItem({ ...reasonValues, title: 'Safer for children' }), draft.data);
    expect(change!(draft, new Date('2026-11-23T00:00:00Z')).data.reasons[0]!.title).toBe(
      'Safer for children',
    );
    expect(formChange(editItem({ ...reasonValues, title: '  ' }), draft.data)).toBeNull();
  });

  it('reads back only a well-formed form', () => {
    const form = editItem();
    expect(parseOpenForm(JSON.parse(JSON.stringify(form)))).toEqual(form);
    expect(parseOpenForm(null)).toBeNull();
    expect(parseOpenForm({ ...form, target: { kind: 'reason', id: 'not-a-uuid' } })).toBeNull();
    expect(parseOpenForm({ ...form, values: { title: 7 } })).toBeNull();
    expect(parseOpenForm({ ...form, target: { kind: 'other' } })).toBeNull();
  });
});
