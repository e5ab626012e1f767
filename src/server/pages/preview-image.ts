import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { countReasons, formatWeight, type MapBalance } from '../../domain/balance';
import { textDirection } from '../../domain/text-direction';
import { loadEmoji } from './preview-emoji';

// The picture of a link preview (PRODUCT §8.4): a 1200 × 630 PNG of a map's title, its reason
// count and its balance for and against (rule W2), for og:image and twitter:image. satori lays
// out an element tree as SVG, its text turned into paths in the Inter font shipped by
// @fontsource/inter and its emoji drawn as Twemoji pictures (preview-emoji.ts); resvg rasterises the SVG on libuv's thread pool (renderAsync), off the
// event loop. Everything the user typed is a text node of the tree, never markup: no HTML or SVG
// is ever parsed from it.

const previewWidth = 1200;
const previewHeight = 630;

/** What the picture shows of a map. */
export interface PreviewImageContent {
  title: string;
  reasonCount: number;
  balance: MapBalance;
}

/** The longest title shown whole; longer ones are cut at a word and end with an ellipsis. */
const maxTitleLength = 140;

const colors = {
  background: '#f7f7f5',
  surface: '#ffffff',
  text: '#1b1f24',
  muted: '#4f5965',
  border: '#d6dae0',
  accent: '#1d4ed8',
  for: '#15803d',
  against: '#b91c1c',
  empty: '#d6dae0',
};

const require = createRequire(import.meta.url);

/** A .woff file shipped in an @fontsource package. */
function woff(path: string): Buffer {
  return readFileSync(require.resolve(`@fontsource/${path}-normal.woff`));
}

/**
 * Inter in every subset @fontsource ships (Latin, Cyrillic, Greek, Vietnamese), 400 and 700; then,
 * as fallbacks satori tries for a character Inter lacks, Noto Sans Arabic and Hebrew. Any other
 * character (a script without a font here) is drawn as an empty box. Read once per
 * process, under 1 MB; nothing is ever downloaded.
 */
function loadFonts() {
  const interSubsets = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
  const font = (name: string, weight: 400 | 700, data: Buffer) => ({
    name,
    weight,
    style: 'normal' as const,
    data,
  });
  return [
    ...([400, 700] as const).flatMap((weight) =>
      interSubsets.map((subset) => font('Inter', weight, woff(`inter/files/inter-${subset}-${weight}`))),
    ),
    ...([400, 700] as const).flatMap((weight) => [
      font('Noto Sans Arabic', weight, woff(`noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}`)),
      font('Noto Sans Hebrew', weight, woff(`noto-sans-hebrew/files/noto-sans-hebrew-hebrew-${weight}`)),
    ]),
  ];
}

let fonts: ReturnType<typeof loadFonts> | null = null;

/** A title cut to what the picture shows: at most `maxTitleLength` characters, cut at a word. */
export function shortenTitle(title: string): string {
  const oneLine = title.replace(/\s+/g, ' ').trim();
  const characters = Array.from(oneLine); // never split a surrogate pair
  if (characters.length <= maxTitleLength) return oneLine;
  const cut = characters.slice(0, maxTitleLength - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > maxTitleLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

type Style = Record<string, string | number>;
interface Element {
  type: string;
  props: { style?: Style; children?: string | Element | (string | Element)[] };
}

function el(type: string, style: Style, children?: Element['props']['children']): Element {
  return { type, props: children === undefined ? { style } : { style, children } };
}

function titleSize(title: string): number {
  const length = Array.from(title).length;
  if (length <= 40) return 72;
  if (length <= 80) return 60;
  return 50;
}

function side(label: string, color: string, count: number, weight: number): Element {
  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      backgroundColor: colors.surface,
      border: `2px solid ${colors.border}`,
      borderLeft: `12px solid ${color}`,
      borderRadius: 16,
      padding: '18px 28px',
      minWidth: 330,
      flexShrink: 0,
    },
    [
      el('div', { fontSize: 30, fontWeight: 700, color }, label),
      el(
        'div',
        { fontSize: 32, color: colors.text, marginTop: 4 },
        // Rule W5: the same words and rounding as the map page, so the picture never disagrees with it.
        `${countReasons(count)}, weight ${formatWeight(weight)}`,
      ),
    ],
  );
}

/** The element tree satori lays out. Pure: the same content gives the same tree. */
export function previewElement(content: PreviewImageContent): Element {
  const title = shortenTitle(content.title);
  const { balance } = content;
  const total = balance.for.weight + balance.against.weight;
  const bar =
    total > 0
      ? [
          el('div', { display: 'flex', flexGrow: balance.for.weight, backgroundColor: colors.for }),
          el('div', { display: 'flex', flexGrow: balance.against.weight, backgroundColor: colors.against }),
        ]
      : [el('div', { display: 'flex', flexGrow: 1, backgroundColor: colors.empty })];
  const summary = `A belief map with ${countReasons(content.reasonCount)}`;
  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: previewWidth,
      height: previewHeight,
      backgroundColor: colors.background,
      fontFamily: 'Inter',
      color: colors.text,
    },
    [
      el('div', { display: 'flex', height: 14, backgroundColor: colors.accent }),
      el(
        'div',
        {
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          padding: '44px 72px 48px',
          justifyContent: 'space-between',
        },
        [
          el('div', { display: 'flex', alignItems: 'center', fontSize: 30 }, [
            el('div', { color: colors.accent, fontWeight: 700 }, 'Belief Map'),
            el('div', { color: colors.muted, marginLeft: 18 }, `· ${summary}`),
          ]),
          el(
            'div',
            {
              display: 'block',
              fontSize: titleSize(title),
              fontWeight: 700,
              lineHeight: 1.15,
              lineClamp: 3,
              // Rule R1: as the page's dir="auto" decides; satori then starts each line at the right.
              direction: textDirection(title),
              overflow: 'hidden',
              maxHeight: titleSize(title) * 1.15 * 3,
            },
            title,
          ),
          el('div', { display: 'flex', flexDirection: 'column' }, [
            el('div', { display: 'flex', alignItems: 'center' }, [
              side('For', colors.for, balance.for.count, balance.for.weight),
              el('div', { display: 'flex', width: 24 }),
              side('Against', colors.against, balance.against.count, balance.against.weight),
              el(
                'div',
                { display: 'flex', marginLeft: 28, fontSize: 28, color: colors.muted },
                balance.unrated > 0
                  ? `${balance.unrated} unrated`
                  : content.reasonCount === 0
                    ? 'No reasons yet'
                    : '',
              ),
            ]),
            el(
              'div',
              { display: 'flex', height: 16, marginTop: 24, borderRadius: 8, overflow: 'hidden' },
              bar,
            ),
          ]),
        ],
      ),
    ],
  );
}

/** Lays the picture out as an SVG of 1200 × 630, its text drawn as paths. */
export async function renderPreviewSvg(content: PreviewImageContent): Promise<string> {
  // Loaded on the first picture, not at start-up: importing satori takes about 300 ms.
  const { default: satori } = await import('satori');
  fonts ??= loadFonts();
  return satori(previewElement(content) as Parameters<typeof satori>[0], {
    width: previewWidth,
    height: previewHeight,
    fonts,
    loadAdditionalAsset: loadEmoji,
  });
}

/** Renders the picture as a PNG of 1200 × 630. */
export async function renderPreviewPng(content: PreviewImageContent): Promise<Buffer> {
  const [svg, { renderAsync }] = await Promise.all([renderPreviewSvg(content), import('@resvg/resvg-js')]);
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return Buffer.from(image.asPng());
}
