import { describe, expect, it } from 'vitest';
import { describeImport } from './describe-import';
import { importMap, type ImportedMap } from './import-map';
import freeSpeech from '../../../tests/fixtures/kialo/free-speech-on-the-internet-2867.txt?raw';
import hateSpeech from '../../../tests/fixtures/kialo/should-hate-speech-be-illegal-6148.txt?raw';

// Rule F9: Kialo's text export (tests/fixtures/kialo: real exports, their origin noted there).

function imported(text: string): ImportedMap {
  const result = importMap(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('[F9] a Kialo export', () => {
  it('should-hate-speech-be-illegal: the thesis, its claims as reasons, their sub-trees folded', () => {
    const { data, format, folded, leftOut } = imported(hateSpeech);
    expect(format).toBe('kialo');
    expect(data.title).toBe('Hate speech should be banned.');
    expect(data.description).toBe('Should hate speech be illegal?');
    expect(data.reasons).toHaveLength(13);
    expect(data.reasons.slice(0, 3).map((r) => [r.title, r.support])).toEqual([
      ['It is better to challenge bad ideas than to simply ban the enunciation of them.', 'disconfirm'],
      [
        'If hate speech is at least more likely than not to cause harms, such as attacks or the eroding of minority rights, then it is justifiable to ban it.',
        'support',
      ],
      ['The vast majority of countries in the world have hate speech legislation.', 'support'],
    ]);
    const first = data.reasons[0]!.relevance!;
    expect(first).toMatch(/^Con: It is impossible to challenge bad ideas/);
    expect(first).toContain('\n  Con: Those people can be educated, or better convinced.');
    expect(first).toContain('\n      Pro: Being ignorant is easy.');
    // Escaped parentheses lose their backslash; Markdown links are kept as written.
    expect(first).toContain('a few bad actors ("Trolls") to have');
    expect(first).toContain('[Kialo](http://www.kialo.com)');
    // `1.6.4. Pro: -> See 1.2.2.` is the text of claim 1.2.2.
    const harm = data.reasons.find((r) => r.title.startsWith('Hate speech is harmful'))!;
    expect(harm.relevance).toContain('\nPro: Hate speech often suggests actions that are specifically meant');
    expect(harm.relevance).not.toContain('-> See');
    expect(folded).toBe(106 - 1 - 13);
    expect(leftOut).toBe(0);
  });

  it('free-speech-on-the-internet: a reason that is a link has the text of the claim it names', () => {
    const { data, folded, leftOut } = imported(freeSpeech);
    expect(data.title).toBe('Internet companies are wrong in denying services to white supremacists.');
    expect(data.reasons).toHaveLength(12);
    expect(data.reasons[3]).toMatchObject({
      title: 'Certain ideas are fundamentally undemocratic and must be censored to protect a democracy.',
      support: 'disconfirm',
    });
    expect(data.reasons.some((r) => r.title.includes('-> See'))).toBe(false);
    // Every claim below the reasons is in a relevance, or counted where a relevance is full.
    const claims = freeSpeech.split('\n').filter((line) => /^\d/.test(line)).length;
    expect(folded + leftOut).toBe(claims - 1 - 12);
    expect(leftOut).toBeGreaterThan(0);
  });

  it('is told by its content, whatever the file is called, and refuses a claim before the thesis', () => {
    expect(imported('1. Cats\n1.1. Pro: Quiet\n1.1.1. Con: Not at night\n').data).toMatchObject({
      title: 'Cats',
      description: null,
      reasons: [{ title: 'Quiet', relevance: 'Con: Not at night', support: 'support' }],
    });
    expect(importMap('Discussion Title: Cats\n\nsome words\n1. Cats\n')).toEqual({
      ok: false,
      error: 'This looks like a Kialo export, but line 3: expected the thesis, such as 1. Thesis.',
    });
  });

  it('larger than the reason limit: the first claims in Kialo order are kept, the rest counted', () => {
    const claims = Array.from({ length: 1005 }, (_, i) => `1.${i + 1}. Con: Claim ${i + 1}`).join('\n');
    const { data, leftOut } = imported(`Discussion Title: Many\n\n1. Many\n${claims}\n`);
    expect(data.reasons).toHaveLength(1000);
    expect(data.reasons[999]!.title).toBe('Claim 1000');
    expect(leftOut).toBe(5);
    expect(describeImport(imported(`1. Many\n${claims}\n1.1.1. Pro: Deeper\n`))).toBe(
      "Imported from Kialo. 1 deeper statement is kept in the reasons' relevance. 5 statements were left out: more than a map can hold.",
    );
  });

  it('a link to itself or to no claim keeps its text', () => {
    const { data } = imported('1. T\n1.1. Pro: -> See 1.1.\n1.2. Con: -> See 9.9.\n');
    expect(data.reasons.map((r) => r.title)).toEqual(['-> See 1.1.', '-> See 9.9.']);
  });
  it('the current layout: texts on indented lines, footnotes resolved to their sources, links', () => {
    const text = [
      'Discussion Name: Should cities ban cars from their centres?',
      '',
      '1. Thesis: Cities should ban cars from their centres.',
      '1.1. Pro:',
      '    Car-free centres have cleaner air [1].',
      '1.1.1. Con:',
      '    Traffic moves to the ring roads instead [2], so the air is',
      '    no cleaner overall.',
      '1.2. Con:',
      '    Shops in the centre lose customers who come by car [3].',
      '1.3. Pro:',
      '    -> See 1.1.',
      '',
      'Sources:',
      '[1] https://example.org/air-quality',
      '[2] Ring road study, https://example.org/ring',
      '[3] A survey of shopkeepers',
      '',
    ].join('\n');
    const { data, format, folded, leftOut } = imported(text);
    expect(format).toBe('kialo');
    expect(data.title).toBe('Cities should ban cars from their centres.');
    expect(data.description).toBe('Should cities ban cars from their centres?');
    expect(data.reasons.map((r) => [r.title, r.support])).toEqual([
      ['Car-free centres have cleaner air [1](https://example.org/air-quality).', 'support'],
      ['Shops in the centre lose customers who come by car (A survey of shopkeepers).', 'disconfirm'],
      ['Car-free centres have cleaner air [1](https://example.org/air-quality).', 'support'],
    ]);
    expect(data.reasons[0]!.relevance).toBe(
      'Con: Traffic moves to the ring roads instead [Ring road study](https://example.org/ring), so the air is no cleaner overall.',
    );
    expect(JSON.stringify(data)).not.toContain('Sources:');
    expect([folded, leftOut]).toEqual([1, 0]);
  });

  it('a thesis with its text on the next line; a mark with no source, or an empty one, kept as written', () => {
    const { data } = imported(
      'Discussion Name: D\n\n1. Thesis:\n    T [4]\n1.1. Con:\n    C [1]\n\nSources:\n[1]: \n',
    );
    expect(data.title).toBe('T [4]');
    expect(data.reasons[0]!.title).toBe('C [1]');
  });
  it('is told apart from Argdown by its thesis and claims, with no title line and a footnote', () => {
    const { format, data } = imported(
      '1. Thesis: Cats\n1.1. Pro:\n    Quiet [1]\n\nSources:\n[1] https://c.at\n',
    );
    expect(format).toBe('kialo');
    expect(data.reasons[0]!.title).toBe('Quiet [1](https://c.at)');
  });
});
