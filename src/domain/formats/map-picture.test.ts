import { describe, expect, it } from 'vitest';
import type { MapData } from '../belief-map';
import { beliefLabels, supportLabels } from '../ratings';
import { mapData, newReason, reason } from '../test-support/builders';
import {
  escapeXml,
  layOutPicture,
  leastPictureHeight,
  mapPicture,
  maxRelevanceLines,
  pictureWidth,
  type MeasureText,
} from './map-picture';

// Rule F11: the map as a picture, laid out with a fake measurer: every character is 0.6 of the
// font size wide, a monospace stand-in for the canvas that measures in the browser.

const measure: MeasureText = (text, font) => [...text].length * font.size * 0.6;

const picture = (data: MapData, options: Partial<Parameters<typeof mapPicture>[1]> = {}) =>
  mapPicture(data, { scheme: 'light', measure, link: 'https://beliefmap.example/map/abc', ...options });

/** The `<text>` elements of `svg`: their attributes and their text, unescaped. */
function texts(svg: string) {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => ({
    attributes: attributes!,
    text: text!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
    x: Number(/ x="([\d.]+)"/.exec(attributes!)?.[1]),
    fontSize: Number(/font-size="([\d.]+)"/.exec(attributes!)?.[1]),
  }));
}

/**
 * Whether `svg` is well-formed XML as far as this file's output goes: tags nest and close, every
 * `&` starts an entity, no `<` or `>` stands in text or attribute values, no character XML forbids.
 */
function wellFormed(svg: string): boolean {
  if (/(?![\t\n\r])\p{Cc}|\p{Cs}/u.test(svg)) return false;
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*(\/?)>/gy;
  let at = 0;
  while (at < svg.length) {
    const next = svg.indexOf('<', at);
    const text = svg.slice(at, next === -1 ? svg.length : next);
    if (/>|&(?!(amp|lt|gt|quot|#39);)/.test(text)) return false;
    if (next === -1) break;
    tag.lastIndex = next;
    const match = tag.exec(svg);
    if (!match) return false;
    const [, closing, name, attributes, selfClosing] = match;
    if (/&(?!(amp|lt|gt|quot|#39);)/.test(attributes!)) return false;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) stack.push(name!);
    at = tag.lastIndex;
  }
  return stack.length === 0;
}

const sample = mapData(
  [
    newReason('Shift workers need them', {
      relevance: 'The hospital shift ends at midnight.',
      belief: 'agree',
      support: 'strong-support',
    }),
    newReason('They would run empty', { belief: 'strong-disagree', support: 'disconfirm' }),
    newReason('Nobody asked the drivers', { belief: null, support: null }),
  ],
  { title: 'Night buses should run on weekdays', description: 'The last bus leaves at 23:10.' },
);

describe('mapPicture', () => {
  it('[F11] draws the title, the link, the description and every reason in order', () => {
    const { svg, width, height } = picture(sample);
    expect(width).toBe(pictureWidth);
    expect(svg).toContain(`width="${width}" height="${height}"`);
    const lines = texts(svg).map((line) => line.text);
    const order = [
      sample.title.split(' ')[0]!,
      'https://beliefmap.example/map/abc',
      'The last bus leaves at 23:10.',
      '3 reasons',
      'Shift workers need them',
      'Agree · Strongly supports',
      'The hospital shift ends at midnight.',
      'They would run empty',
      'Strongly disagree · Disconfirms',
      'Nobody asked the drivers',
      'No agreement information',
    ];
    const positions = order.map((text) => lines.findIndex((line) => line.startsWith(text)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(wellFormed(svg)).toBe(true);
  });

  it('[F11] says a draft is a draft where a published map has its link', () => {
    const lines = texts(picture(sample, { link: null }).svg).map((line) => line.text);
    expect(lines).toContain('A draft, not published');
  });

  it('[F11] draws both icons of every reason: belief a circle, support a rounded square, dashed when unrated, filled when strong', () => {
    const { svg } = picture(mapData([reason(1, { belief: 'strong-agree', support: null })]));
    const icons = [...svg.matchAll(/<g transform="translate\([^)]*\)">(<circle[^>]*>|<rect[^>]*>)/g)].map(
      ([, shape]) => shape!,
    );
    // The reason's two icons, then the legend's two.
    expect(icons).toHaveLength(4);
    expect(icons[0]).toMatch(/^<circle .*fill="#1d6fb8"/);
    expect(icons[0]).not.toContain('stroke-dasharray');
    expect(icons[1]).toMatch(/^<rect .*fill="none".*stroke-dasharray/);
  });

  it('[F11] ends with a legend of the ratings the map uses, each icon named', () => {
    const lines = texts(picture(sample).svg).map((line) => line.text);
    const legend = lines.slice(lines.indexOf('What the icons mean'));
    expect(legend).toEqual([
      'What the icons mean',
      'Belief: is it true?',
      beliefLabels.agree,
      beliefLabels['strong-disagree'],
      beliefLabels.none,
      'Support: would it matter?',
      supportLabels['strong-support'],
      supportLabels.disconfirm,
      supportLabels.none,
    ]);
    expect(texts(picture(mapData([])).svg).map((line) => line.text)).not.toContain('What the icons mean');
  });

  it('[F11] follows the colour mode: the page colours of light and of dark', () => {
    const light = picture(sample, { scheme: 'light' }).svg;
    const dark = picture(sample, { scheme: 'dark' }).svg;
    expect(light).toContain('fill="#f7f7f5"');
    expect(light).toContain('fill="#1b1f24"');
    expect(dark).toContain('fill="#111418"');
    expect(dark).toContain('fill="#e8ebef"');
    expect(dark).not.toContain('#1b1f24');
  });

  it('[F11] wraps long text within the picture, breaking inside a word longer than a line', () => {
    const long = 'Buses '.repeat(60).trim();
    const word = 'x'.repeat(300);
    const { svg } = picture(mapData([reason(1, { title: long, relevance: word })], { title: long }));
    const lines = texts(svg);
    for (const line of lines)
      expect(line.x + measure(line.text, { size: line.fontSize, weight: 400 })).toBeLessThanOrEqual(
        pictureWidth - 20,
      );
    expect(lines.filter((line) => line.text.startsWith('Buses')).length).toBeGreaterThan(4);
    expect(lines.filter((line) => /^x+$/.test(line.text)).length).toBeGreaterThan(1);
    // Nothing of the title is lost: its lines join back into it.
    const titleLines = lines.filter((line) => line.fontSize === 24).map((line) => line.text);
    expect(titleLines.join(' ')).toBe(long);
  });

  it('[F11] keeps a few lines of a long relevance text, the last ending in "…"', () => {
    const relevance = Array.from({ length: 40 }, (_, n) => `Line ${n} of a very long relevance.`).join('\n');
    const lines = texts(picture(mapData([reason(1, { relevance })])).svg).filter(
      (line) => line.fontSize === 14,
    );
    expect(lines.filter((line) => line.text.startsWith('Line'))).toHaveLength(maxRelevanceLines);
    expect(lines.find((line) => line.text.startsWith(`Line ${maxRelevanceLines - 1}`))?.text).toMatch(/…$/);
  });

  it('[F11] keeps 12 lines of a long description, saying with "…" that more follows', () => {
    const description = Array.from({ length: 30 }, (_, n) => `Paragraph ${n}.`).join('\n');
    const lines = texts(picture(mapData([], { description })).svg).filter((line) => line.fontSize === 15);
    expect(lines.map((line) => line.text)).toEqual([
      ...Array.from({ length: 11 }, (_, n) => `Paragraph ${n}.`),
      'Paragraph 11.…',
    ]);
  });

  it('[F11] [R1] draws a right-to-left title and text from the right, in its direction', () => {
    const { svg } = picture(
      mapData([reason(1, { title: 'אוטובוסים בלילה', relevance: 'English first\nعربي ثانياً' })], {
        title: 'קווי לילה',
      }),
    );
    const lines = texts(svg);
    const rtl = (text: string) => lines.find((line) => line.text === text)!.attributes;
    expect(rtl('קווי לילה')).toContain('direction="rtl"');
    expect(rtl('אוטובוסים בלילה')).toContain('direction="rtl"');
    expect(rtl('عربي ثانياً')).toContain('direction="rtl"');
    expect(rtl('English first')).not.toContain('direction');
    expect(lines.find((line) => line.text === 'קווי לילה')!.x).toBe(pictureWidth - 20);
  });

  it('[F11] escapes hostile text, and drops characters XML cannot hold', () => {
    const hostile = `<script>alert("x")</script> ]]> & 'quoted' \u0000\u0007 \ud800 <!-- -->`;
    const { svg } = picture(
      mapData([reason(1, { title: hostile, relevance: hostile })], { title: hostile, description: hostile }),
    );
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain(']]>');
    expect(svg).not.toContain('<!--');
    expect(wellFormed(svg)).toBe(true);
    expect(texts(svg).some((line) => line.text.includes('<script>alert("x")</script>'))).toBe(true);
  });

  it('[F11] lays out a map at the limits in one pass', () => {
    const relevance = 'word '.repeat(4_000);
    const reasons = Array.from({ length: 1_000 }, (_, n) =>
      reason(n + 1, { title: 'T'.repeat(500), relevance }),
    );
    const { svg, height } = picture(mapData(reasons, { description: 'd'.repeat(20_000) }));
    expect(wellFormed(svg)).toBe(true);
    expect(height).toBeGreaterThan(1_000 * 100);
  });

  it('[F11] lays out a reason at a time, pausing between reasons, to the same picture', () => {
    const data = mapData(
      Array.from({ length: 30 }, (_, n) => reason(n + 1, { relevance: 'Why it matters.' })),
    );
    const steps = layOutPicture(data, { scheme: 'light', measure, link: null });
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBe(30);
    expect(step.value).toEqual(picture(data, { link: null }));
  });

  it('[F11] measures each word once per font, however often the map repeats it', () => {
    const calls: string[] = [];
    const counting: MeasureText = (text, font) => {
      calls.push(`${font.size} ${text}`);
      return measure(text, font);
    };
    const reasons = Array.from({ length: 200 }, (_, n) =>
      reason(n + 1, { title: 'The same title', relevance: 'the same words again '.repeat(20) }),
    );
    picture(mapData(reasons), { measure: counting });
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('[F11] knows a height the picture is sure to reach before laying it out', () => {
    for (const count of [0, 1, 50, 1_000]) {
      const data = mapData(Array.from({ length: count }, (_, n) => reason(n + 1)));
      expect(leastPictureHeight(data)).toBeLessThanOrEqual(picture(data).height);
    }
    expect(
      leastPictureHeight(mapData(Array.from({ length: 1_000 }, (_, n) => reason(n + 1)))),
    ).toBeGreaterThan(32_767);
  });
});

describe('escapeXml', () => {
  it.each([
    ['a < b & c > d', 'a &lt; b &amp; c &gt; d'],
    [`"double" 'single'`, '&quot;double&quot; &#39;single&#39;'],
    ['\u0000bell\u0007', 'bell'],
    ['emoji 🚌 kept', 'emoji 🚌 kept'],
    ['lone \udc00 surrogate', 'lone  surrogate'],
  ])('[F11] %j becomes %j', (input, output) => {
    expect(escapeXml(input)).toBe(output);
  });
});
