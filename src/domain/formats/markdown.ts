import type { MapData, Reason } from '../belief-map';
import { beliefLabel, supportLabel } from '../ratings';
import { reasonSide, type ReasonSide } from './sides';

// PRODUCT §15.2: a map as a readable Markdown outline, to paste in an e-mail or a document. Export
// only: Markdown has no room for ratings as data, so JSON and Argdown are the formats to import.

const headings: Record<ReasonSide, string> = {
  for: 'Reasons for',
  against: 'Reasons against',
  neutral: 'Neutral reasons',
};

/** The outline of `data`: title, description, then the reasons for, against and neutral. Pure. */
export function toMarkdown(data: MapData): string {
  const lines = [`# ${inline(data.title)}`, ''];
  if (data.description) lines.push(block(data.description, ''), '');
  for (const side of ['for', 'against', 'neutral'] as const) {
    const reasons = data.reasons.filter((reason) => reasonSide(reason) === side);
    if (reasons.length === 0) continue;
    lines.push(`## ${headings[side]}`, '');
    for (const reason of reasons) lines.push(...reasonLines(reason));
    lines.push('');
  }
  if (data.reasons.length === 0) lines.push('No reasons yet.', '');
  return `${lines.join('\n').trimEnd()}\n`;
}

function reasonLines(reason: Reason): string[] {
  const ratings = `${beliefLabel(reason.belief)}; ${supportLabel(reason.support)}`;
  const lines = [`- **${inline(reason.title)}** (${ratings})`];
  if (reason.relevance) lines.push(block(reason.relevance, '  '));
  return lines;
}

/** One line of text, with the characters Markdown would read as formatting escaped. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

/** A multi-line text, each line indented by `indent` and escaped; blank lines kept as breaks. */
function block(text: string, indent: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '' : `${indent}${line.replace(/([\\`*_[\]<>#|])/g, '\\$1')}`))
    .join('\n');
}
