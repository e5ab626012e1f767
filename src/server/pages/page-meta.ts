import { mapBalance, type MapBalance } from '../../domain/balance';
import type { Reason } from '../../domain/belief-map';

// Link previews (PRODUCT §6.2, §8.4): the index.html answered for a published map carries the
// map's own title, description and reason count, so a shared link previews well in chat apps.
// Everything the user typed is escaped: it lands in HTML text and attributes. Absolute URLs
// (og:url) come from PUBLIC_URL only, never from the request's Host or X-Forwarded-Proto.

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page, for og:url; omitted when unknown. */
  url: string | null;
  /** The preview picture (PRODUCT §8.4): its absolute URL and its text alternative; omitted when unknown. */
  image: { url: string; alt: string } | null;
  /** PRODUCT §11.5: the page's oEmbed answer, for sites that discover it; omitted when none. */
  oembedUrl?: string;
}

export const genericMeta: PageMeta = {
  title: 'Belief Map',
  description:
    'Lay out the reasons for and against a belief, publish it at a link, and compare two maps to see exactly where they differ.',
  url: null,
  image: null,
};

const maxDescriptionLength = 200;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** What a map's page previews: a few hundred characters whatever the map's size. */
export interface MapPreview {
  title: string;
  /** The description on one line, cut to what a preview can show, or null. */
  description: string | null;
  reasonCount: number;
  /** For and against (rule W2), which the preview picture shows. */
  balance: MapBalance;
}

/** The preview of a map's data; it keeps nothing of the map but what it shows. */
export function mapPreview(data: {
  title: string;
  description: string | null;
  reasons: readonly Pick<Reason, 'belief' | 'support'>[];
}): MapPreview {
  return {
    title: data.title,
    description: data.description ? oneLine(data.description).slice(0, maxDescriptionLength) : null,
    reasonCount: data.reasons.length,
    balance: mapBalance(data),
  };
}

/** Where the preview picture of map `id` is served (PRODUCT §5.4, §8.4), from the site's root. */
export function previewImagePath(id: string): string {
  return `/api/map/${encodeURIComponent(id)}/preview.png`;
}

/** The picture's text alternative: what it shows, in words. */
function previewImageAlt(preview: MapPreview): string {
  const { balance } = preview;
  const count = (n: number) => `${n} ${n === 1 ? 'reason' : 'reasons'}`;
  return shorten(
    `Belief map “${oneLine(preview.title)}”: ${count(balance.for.count)} for, ${count(balance.against.count)} against.`,
  );
}

/** The tags of a map's page: "{title} - Belief Map" and "{n} reasons. {description, shortened}". */
/**
 * `imageUrl` is the picture's absolute URL (from PUBLIC_URL), or null to leave the picture out.
 */
export function mapMeta(preview: MapPreview, url: string | null, imageUrl: string | null = null): PageMeta {
  const count = preview.reasonCount;
  const reasons = `A belief map with ${count} ${count === 1 ? 'reason' : 'reasons'}.`;
  const description = preview.description ? `${reasons} ${preview.description}` : reasons;
  const image = imageUrl ? { url: imageUrl, alt: previewImageAlt(preview) } : null;
  return { title: `${preview.title} - Belief Map`, description: shorten(description), url, image };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  if (text.length <= maxDescriptionLength) return text;
  const cut = text.slice(0, maxDescriptionLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > maxDescriptionLength / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * `template` (the built index.html) with its <title> and description replaced by `meta` and the
 * Open Graph and Twitter card tags added before </head>.
 */
export function renderIndex(template: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Belief Map" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    meta.url ? `<meta property="og:url" content="${escapeHtml(meta.url)}" />` : '',
    ...imageTags(meta.image),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    meta.image ? `<meta name="twitter:image" content="${escapeHtml(meta.image.url)}" />` : '',
    meta.image ? `<meta name="twitter:image:alt" content="${escapeHtml(meta.image.alt)}" />` : '',
    meta.oembedUrl
      ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(meta.oembedUrl)}" title="${title}" />`
      : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  // The description tag is matched however it is formatted: Prettier puts its long attributes on
  // lines of their own in src/client/index.html.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/** og:image and its size, type and text alternative (PRODUCT §8.4); none without a picture. */
function imageTags(image: PageMeta['image']): string[] {
  if (!image) return [];
  return [
    `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}" />`,
  ];
}

/**
 * PRODUCT §11.5: the oEmbed address of map `id`'s page. With the site's origin (PUBLIC_URL) it
 * names the page's whole URL; without, its path, which /oembed reads against its own origin.
 */
export function oembedUrlOf(id: string, publicUrl: string | null): string {
  const page = `${publicUrl ?? ''}/map/${encodeURIComponent(id)}`;
  return `${publicUrl ?? ''}/oembed?url=${encodeURIComponent(page)}&format=json`;
}
