import { describe, expect, it } from 'vitest';
import { isolateRightToLeft, quoted, textDirection } from './text-direction';

// Rule R1: a text's direction is that of its first strong character, as `dir="auto"` decides.
describe('textDirection', () => {
  it.each([
    ['Elm Street needs a bike lane', 'ltr'],
    ['מדינתנו צריכה נתיב אופניים', 'rtl'],
    ['مدينتنا تحتاج ممرًا للدراجات', 'rtl'],
    ['شارع Main Street مزدحم', 'rtl'],
    ['Main Street شارع مزدحم', 'ltr'],
    ['ܫܠܡܐ (Syriac)', 'rtl'],
    ['ދިވެހި (Thaana)', 'rtl'],
    ['ߒߞߏ (NKo)', 'rtl'],
    ['𞤀𞤣𞤤𞤢𞤥 (Adlam)', 'rtl'],
    ['ﺍﻟﻌﺮﺑﻴﺔ (presentation forms)', 'rtl'],
    // Digits, punctuation, marks and emoji decide nothing: the first letter after them does.
    ['42 — مدينتنا', 'rtl'],
    ['٤٢ Elm', 'ltr'],
    ['«Elm» مدينتنا', 'ltr'],
    ['\u064b\u0651 Elm', 'ltr'],
    ['🚲 👍🏽 שלום', 'rtl'],
    // Direction marks are strong; an isolate's content is skipped.
    ['\u200fBike lane', 'rtl'],
    ['\u061cBike lane', 'rtl'],
    ['\u200eשלום', 'ltr'],
    ['\u2067Elm\u2069 مدينتنا', 'rtl'],
    ['\u2068مدينتنا\u2069 Elm', 'ltr'],
    ['\u2066\u2067a\u2069b\u2069 ש', 'rtl'],
    // No strong character: left to right, as a browser lays it out.
    ['', 'ltr'],
    ['🚲 123 !?', 'ltr'],
    ['\u2067שלום', 'ltr'],
  ] as const)('[R1] %j reads %s', (text, direction) => {
    expect(textDirection(text)).toBe(direction);
  });
});

describe('isolateRightToLeft', () => {
  it.each([
    ['Elm Street', 'Elm Street'],
    ['', ''],
    ['123 🚲', '123 🚲'],
    ['נתיב אופניים', '\u2068נתיב אופניים\u2069'],
    ['Elm مدينتنا', '\u2068Elm مدينتنا\u2069'],
  ])('[R2] writes “%s” as “%s”', (text, written) => {
    expect(isolateRightToLeft(text)).toBe(written);
  });

  it.each([
    ['Cheaper rent', '“Cheaper rent”'],
    ['שכר דירה זול', '“\u2068שכר דירה זול\u2069”'],
  ])('[R2] quotes “%s” in a sentence as %s, the marks outside the isolate', (text, written) => {
    expect(quoted(text)).toBe(written);
  });
});
