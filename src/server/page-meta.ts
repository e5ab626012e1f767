// Link previews (PRODUCT §6.2, §8): the index.html answered for a published map carries the
// map's own title, description and reason count, so a shared link previews well in chat apps.
// Everything the user typed is escaped: it lands in HTML text and attributes. Absolute URLs
// (og:url) come from PUBLIC_URL only, never from the request's Host or X-Forwarded-Proto.

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page, for og:url; omitted when unknown. */
  url: string | null;
}

export const genericMeta: PageMeta = {
  title: 'Belief Map',
  description:
    'Lay out the reasons for and against a belief, publish it at a link, and compare two maps to see exactly where they differ.',
  url: null,
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
}

/** The preview of a map's data; it keeps nothing of the map but what it shows. */
export function mapPreview(data: {
  title: string;
  description: string | null;
  reasons: readonly unknown[];
}): MapPreview {
  return {
    title: data.title,
    description: data.description ? oneLine(data.description).slice(0, maxDescriptionLength) : null,
    reasonCount: data.reasons.length,
  };
}

/** The tags of a map's page: "{title} - Belief Map" and "{n} reasons. {description, shortened}". */
export function mapMeta(preview: MapPreview, url: string | null): PageMeta {
  const count = preview.reasonCount;
  const reasons = `A belief map with ${count} ${count === 1 ? 'reason' : 'reasons'}.`;
  const description = preview.description ? `${reasons} ${preview.description}` : reasons;
  return { title: `${preview.title} - Belief Map`, description: shorten(description), url };
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
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
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
