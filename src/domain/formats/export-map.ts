import type { Draft, PublishedMap } from '../belief-map';
import { slugify } from '../slug';
import { toArgdown } from './argdown';
import { toMarkdown } from './markdown';

// PRODUCT §15.2: the files "Download" offers. Pure: the page turns them into downloads.

export type ExportFormat = 'json' | 'markdown' | 'argdown';

export interface ExportFile {
  name: string;
  type: string;
  text: string;
}

const extensions: Record<ExportFormat, string> = { json: 'json', markdown: 'md', argdown: 'argdown' };
const types: Record<ExportFormat, string> = {
  json: 'application/json',
  markdown: 'text/markdown',
  argdown: 'text/plain',
};

/**
 * The file of `map` in `format` (rule F1): JSON is the stored form exactly as kept (a draft with its
 * `updatedAt`), byte for byte; the name is the title's slug, or `belief-map` when it has none.
 */
export function exportMap(map: PublishedMap | Draft, format: ExportFormat): ExportFile {
  const text =
    format === 'json'
      ? JSON.stringify(map)
      : format === 'markdown'
        ? toMarkdown(map.data)
        : toArgdown(map.data);
  const name = `${slugify(map.data.title) || 'belief-map'}.${extensions[format]}`;
  return { name, type: `${types[format]};charset=utf-8`, text };
}
