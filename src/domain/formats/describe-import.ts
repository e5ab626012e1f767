import type { ImportedMap, ImportFormat } from './import-map';

// PRODUCT §15.3: the flash bar's sentence once an imported map opens, apart from the parsers so
// that the page can say it without loading them.

/** What the page says after an import (rule F7): the format read, what was folded, what left out and why. */
export function describeImport({ format, folded, leftOut, unlinked }: ImportedMap): string {
  const parts = [`Imported from ${importedFrom[format]}.`];
  if (folded > 0) {
    parts.push(
      `${folded.toLocaleString('en-US')} deeper ${folded === 1 ? 'statement is' : 'statements are'} kept in the reasons' relevance.`,
    );
  }
  if (leftOut > 0) {
    parts.push(
      `${leftOut.toLocaleString('en-US')} ${leftOut === 1 ? 'statement was' : 'statements were'} left out: more than a map can hold.`,
    );
  }
  if (unlinked > 0) {
    parts.push(
      `${unlinked.toLocaleString('en-US')} ${unlinked === 1 ? 'statement was' : 'statements were'} left out: not linked to the belief.`,
    );
  }
  return parts.join(' ');
}

const importedFrom: Record<ImportFormat, string> = {
  json: 'JSON',
  argdown: 'Argdown',
  markdown: 'Markdown',
  kialo: 'Kialo',
  aif: 'AIF-JSON',
};
