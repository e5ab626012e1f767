import type { Draft, PublishedMap } from '../belief-map';
import { toAif } from './aif';
import { toArgdown } from './argdown';
import { mapFileNameOf } from './file-name';
import { toMarkdown } from './markdown';

// PRODUCT §15.2: the files "Download" offers. Pure: the page turns them into downloads.

export type ExportFormat = 'json' | 'markdown' | 'argdown' | 'aif';

export interface ExportFile {
  name: string;
  type: string;
  text: string;
}

const extensions: Record<ExportFormat, string> = {
  json: 'json',
  markdown: 'md',
  argdown: 'argdown',
  aif: 'aif.json',
};
const types: Record<ExportFormat, string> = {
  json: 'application/json',
  markdown: 'text/markdown',
  argdown: 'text/plain',
  aif: 'application/json',
};

/**
 * The file of `map` in `format` (rule F1): JSON is the stored form exactly as kept (a draft with its
 * `updatedAt`), byte for byte; the name is the title's, then "draft" or the day it was published
 * (file-name.ts), so a draft's file and its published map's do not share a name.
 */
export function exportMap(map: PublishedMap | Draft, format: ExportFormat): ExportFile {
  const text =
    format === 'json'
      ? JSON.stringify(map)
      : format === 'markdown'
        ? toMarkdown(map.data)
        : format === 'argdown'
          ? toArgdown(map.data)
          : toAif(map.data, 'updatedAt' in map ? map.updatedAt : map.published);
  const name = `${mapFileNameOf(map)}.${extensions[format]}`;
  return { name, type: `${types[format]};charset=utf-8`, text };
}
