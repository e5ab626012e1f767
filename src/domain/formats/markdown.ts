import type { MapData, Reason } from '../belief-map';
import {
  beliefLabel,
  beliefLabels,
  supportLabel,
  supportLabels,
  type Belief,
  type Support,
} from '../ratings';
import { err, ok, type Result } from '../result';
import { isolateRightToLeft } from '../text-direction';
import { showControls } from './controls';
import { reasonSide, type ReasonSide } from './sides';

// PRODUCT §15.2, §15.3: a map as a readable Markdown outline, to paste in an e-mail or a document,
// and read back (rule F8). What the outline cannot show exactly (a line break in a title, a blank
// line at the start of a text) is added as an HTML comment, which Markdown does not show, so the
// file imports as the same map.

const headings: Record<ReasonSide, string> = {
  for: 'Reasons for',
  against: 'Reasons against',
  neutral: 'Neutral reasons',
};

const noReasons = 'No reasons yet.';

/** The outline of `data`: title, description, then the reasons for, against and neutral. Pure. */
export function toMarkdown(data: MapData): string {
  const lines = [
    `# ${inline(data.title)}${exactComment({ title: data.title }, readTitle(inline(data.title)))}`,
    '',
  ];
  if (data.description) {
    const shown = block(data.description, '');
    lines.push(shown, '');
    if (readBlock(trimBlankLines(splitLines(shown)), '') !== data.description) {
      lines.push(`<!-- ${exactJson({ description: data.description })} -->`, '');
    }
  }
  for (const side of ['for', 'against', 'neutral'] as const) {
    const reasons = data.reasons.filter((reason) => reasonSide(reason) === side);
    if (reasons.length === 0) continue;
    lines.push(`## ${headings[side]}`, '');
    for (const reason of reasons) lines.push(...reasonLines(reason));
    lines.push('');
  }
  if (data.reasons.length === 0) lines.push(noReasons, '');
  // Only line breaks are taken off the end: the last text may end in spaces that are its own.
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

function reasonLines(reason: Reason): string[] {
  const ratings = `${beliefLabel(reason.belief)}; ${supportLabel(reason.support)}`;
  // Rule R2: a right-to-left title keeps its direction without turning the line's words around.
  const title = isolateRightToLeft(inline(reason.title));
  const shown = reason.relevance ? block(reason.relevance, '  ') : null;
  const exact: Partial<Pick<Reason, 'title' | 'relevance'>> = {};
  if (readReasonTitle(title) !== reason.title) exact.title = reason.title;
  if (shown !== null && readBlock(trimBlankLines(splitLines(shown)), '  ') !== reason.relevance) {
    exact.relevance = reason.relevance;
  }
  const comment = Object.keys(exact).length > 0 ? ` <!-- ${exactJson(exact)} -->` : '';
  const lines = [`- **${title}** (${ratings})${comment}`];
  if (shown !== null) lines.push(shown);
  return lines;
}

const markdownSyntax = /([\\`*_[\]<>#|])/g;

/** One line of text, line breaks as spaces, with the characters Markdown would read as formatting escaped. */
function inline(text: string): string {
  return showControls(text.replace(/\r\n|[\n\r\u2028\u2029]/g, ' ')).replace(markdownSyntax, '\\$1');
}

/** A multi-line text, each line indented by `indent` and escaped; blank lines kept as breaks. */
function block(text: string, indent: string): string {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line.trim() === '' ? '' : `${indent}${showControls(line).replace(markdownSyntax, '\\$1')}`,
    )
    .join('\n');
}

/** JSON for inside an HTML comment: `<` and `>` escaped, so the comment cannot end early. */
function exactJson(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

function exactComment(value: { title: string }, readBack: string): string {
  return readBack === value.title ? '' : ` <!-- ${exactJson(value)} -->`;
}

function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_[\]<>#|])/g, '$1');
}

function readTitle(shown: string): string {
  return unescapeMarkdown(shown);
}

function readReasonTitle(shown: string): string {
  const isolated = shown.startsWith('\u2068') && shown.endsWith('\u2069');
  const inner = isolated ? shown.slice(1, -1) : shown;
  const title = unescapeMarkdown(inner);
  return isolated && isolateRightToLeft(title) === `\u2068${title}\u2069` ? title : unescapeMarkdown(shown);
}

/** The text of a block's lines: each line without its indent and escapes, blank lines as breaks. */
function readBlock(lines: string[], indent: string): string {
  return lines
    .map((line) => unescapeMarkdown(line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

/** A trailing `<!-- {json} -->` of exact values, and the line without it. */
function splitComment(line: string): { rest: string; exact: Record<string, unknown> } {
  const match = / <!-- (\{.*\}) -->$/.exec(line);
  if (!match) return { rest: line, exact: {} };
  try {
    const exact: unknown = JSON.parse(match[1]!);
    if (exact !== null && typeof exact === 'object' && !Array.isArray(exact)) {
      return { rest: line.slice(0, match.index), exact: exact as Record<string, unknown> };
    }
  } catch {
    // Not ours: the comment stays part of the text.
  }
  return { rest: line, exact: {} };
}

const beliefByLabel = new Map<string, Belief | null>(
  Object.entries(beliefLabels).map(([value, label]) => [label, value === 'none' ? null : (value as Belief)]),
);
const supportByLabel = new Map<string, Support | null>(
  Object.entries(supportLabels).map(([value, label]) => [
    label,
    value === 'none' ? null : (value as Support),
  ]),
);

/** A map as read from the Markdown download, before the schema checks it, with each reason's line. */
export interface ReadMarkdown {
  data: { title: string; description: string | null; reasons: Omit<Reason, 'id'>[] };
  lines: number[];
}

/** Lines as the reader sees them: a file saved with CR LF reads as one saved with LF. */
function splitLines(text: string): string[] {
  return text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * The map a Markdown download describes (rule F8): `# title`, the description up to the first
 * `## ` heading, then `- **title** (belief; support)` lines with their indented relevance. Reasons
 * come in the file's order (for, against, neutral). A line it cannot read fails with its number.
 */
export function readMarkdown(input: string): Result<ReadMarkdown> {
  const lines = splitLines(input);
  let lastText = lines.length - 1;
  while (lastText > 0 && lines[lastText] === '') lastText--;
  const first = splitComment(lines[0] ?? '');
  if (!first.rest.startsWith('# ')) return err('line 1: expected the title, such as # Title');
  const title = typeof first.exact.title === 'string' ? first.exact.title : readTitle(first.rest.slice(2));
  let index = 1;
  const descriptionLines: string[] = [];
  const isEnd = (i: number) => i === lastText && lines[i] === noReasons;
  while (index < lines.length && !lines[index]!.startsWith('## ') && !isEnd(index)) {
    descriptionLines.push(lines[index]!);
    index++;
  }
  let description: string | null = null;
  const inner = trimBlankLines(descriptionLines);
  const last = inner[inner.length - 1];
  const exactDescription = last === undefined ? null : splitComment(`x ${last}`);
  if (
    exactDescription &&
    last!.startsWith('<!-- ') &&
    typeof exactDescription.exact.description === 'string'
  ) {
    description = exactDescription.exact.description;
  } else if (inner.length > 0) {
    description = readBlock(inner, '');
  }

  const reasons: Omit<Reason, 'id'>[] = [];
  const reasonLines: number[] = [];
  let current: { reason: Omit<Reason, 'id'>; body: string[]; exact: Record<string, unknown> } | null = null;
  const finish = () => {
    if (!current) return;
    const body = trimBlankLines(current.body);
    current.reason.relevance =
      typeof current.exact.relevance === 'string'
        ? current.exact.relevance
        : body.length > 0
          ? readBlock(body, '  ')
          : null;
    reasons.push(current.reason);
    current = null;
  };
  for (; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.startsWith('## ') || (isEnd(index) && !current)) {
      finish();
      continue;
    }
    if (line.startsWith('- **')) {
      finish();
      const read = readReasonLine(line);
      if (!read) return err(`line ${index + 1}: expected a reason, such as - **Title** (Agree; Supports)`);
      current = { reason: read.reason, body: [], exact: read.exact };
      reasonLines.push(index + 1);
    } else if (current && (line === '' || line.startsWith('  '))) {
      current.body.push(line);
    } else if (line.trim() !== '') {
      return err(`line ${index + 1}: expected a reason, such as - **Title** (Agree; Supports)`);
    }
  }
  finish();
  return ok({ data: { title, description, reasons }, lines: reasonLines });
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end);
}

/** `- **title** (belief; support)`, the title's escapes and isolation undone. */
function readReasonLine(line: string): { reason: Omit<Reason, 'id'>; exact: Record<string, unknown> } | null {
  const { rest, exact } = splitComment(line);
  // The title ends at the first `**` that is not escaped: its own asterisks are.
  let end = -1;
  for (let i = 4; i < rest.length; i++) {
    if (rest[i] === '\\') i++;
    else if (rest.startsWith('**', i)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const ratings = /^\*\* \(([^;()]+); ([^;()]+)\)$/.exec(rest.slice(end));
  if (!ratings) return null;
  const belief = beliefByLabel.get(ratings[1]!);
  const support = supportByLabel.get(ratings[2]!);
  if (belief === undefined || support === undefined) return null;
  const title = typeof exact.title === 'string' ? exact.title : readReasonTitle(rest.slice(4, end));
  return { reason: { title, relevance: null, belief, support }, exact };
}
