import { describe, expect, it } from 'vitest';
import { ratingFieldFor, ratingForDigit } from './rating-keys';
import { pageShortcuts } from './shortcut-list';
import { isTypingTarget, pageCommandFor, pageKeys, type KeyPress } from './shortcuts';

// PRODUCT §13.1: which key does what on a draft, and that none fires while typing.

const press = (key: string, held: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...held,
});
const button = { tagName: 'BUTTON' };

describe('pageCommandFor', () => {
  it.each([
    ['a', 'add-reason'],
    ['e', 'edit-belief'],
    ['j', 'next-reason'],
    ['k', 'previous-reason'],
    ['?', 'show-shortcuts'],
  ] as const)('%s runs %s', (key, command) => {
    expect(pageCommandFor(press(key), button)).toBe(command);
    expect(pageCommandFor(press(key), null)).toBe(command);
  });

  it('ignores other keys, and keys with Ctrl, Cmd or Alt', () => {
    for (const key of ['x', 'A', 'Enter', 'Escape', ' ']) expect(pageCommandFor(press(key), null)).toBeNull();
    for (const held of [{ ctrlKey: true }, { metaKey: true }, { altKey: true }])
      expect(pageCommandFor(press('a', held), null)).toBeNull();
  });

  it('never fires while typing in a field', () => {
    const fields = [
      { tagName: 'INPUT' },
      { tagName: 'INPUT', type: 'text' },
      { tagName: 'INPUT', type: 'search' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ];
    for (const field of fields)
      for (const { keys } of pageShortcuts) expect(pageCommandFor(press(keys[0]!), field)).toBeNull();
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'A' })).toBe(false);
  });
});

describe('the list of shortcuts', () => {
  it('describes exactly the keys the page answers', () => {
    const listed = Object.fromEntries(
      pageShortcuts.flatMap(({ keys, command }) => (command ? [[keys[0], command]] : [])),
    );
    expect(listed).toEqual(pageKeys);
  });
});

describe('ratingFieldFor', () => {
  it('goes to Belief with Alt+B and Support with Alt+S, by the physical key on a Mac', () => {
    expect(ratingFieldFor(press('b', { altKey: true }))).toBe('belief');
    expect(ratingFieldFor(press('S', { altKey: true }))).toBe('support');
    expect(ratingFieldFor({ ...press('∫', { altKey: true }), code: 'KeyB' })).toBe('belief');
    expect(ratingFieldFor(press('b'))).toBeNull();
    expect(ratingFieldFor(press('b', { altKey: true, ctrlKey: true }))).toBeNull();
    expect(ratingFieldFor(press('x', { altKey: true }))).toBeNull();
  });
});

describe('ratingForDigit', () => {
  it('picks 1–5 from the least to the most, and 0 for no rating', () => {
    expect(['1', '2', '3', '4', '5', '0'].map((key) => ratingForDigit('belief', press(key)))).toEqual([
      'strong-disagree',
      'disagree',
      'neutral',
      'agree',
      'strong-agree',
      '',
    ]);
    expect(['1', '3', '5'].map((key) => ratingForDigit('support', press(key)))).toEqual([
      'strong-disconfirm',
      'neutral',
      'strong-support',
    ]);
  });

  it('leaves every other key to the select', () => {
    for (const key of ['6', '9', 'a', 'ArrowDown', ' '])
      expect(ratingForDigit('belief', press(key))).toBeUndefined();
    expect(ratingForDigit('belief', press('1', { altKey: true }))).toBeUndefined();
  });
});
