import type { MapData, Reason } from '../belief-map';
import type { Belief, Support } from '../ratings';
import { err, ok, type Result } from '../result';
import { reasonSide } from './sides';

// PRODUCT §15.2, §15.3: a map as Argdown (argdown.org). The belief is the main statement `[Title]`;
// each reason is an argument `<Title>` under it, `+` when it supports and `-` when it disconfirms,
// with its ratings (and id) as data in JSON, which is also YAML, so Argdown's own parser reads it.
// A title or text that Argdown would not keep exactly (line breaks, a title used twice) is written
// readably in place and exactly in the data, so a map comes back unchanged (rule F2).

/** The characters Argdown reads as syntax inside a title or text; escaped with a backslash. */
const special = /([\\[\]<>{}#*_@])/g;

function escape(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(special, '\\$1');
}

/**
 * A title as a line shows it. Argdown ends a title at a bracket even when escaped, so brackets and
 * braces show as ( ) and ‹ › (the data keeps the exact title).
 */
function escapeTitle(title: string): string {
  return escape(title.replace(/[[{]/g, '(').replace(/[\]}]/g, ')').replace(/</g, '‹').replace(/>/g, '›'));
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** What a reason's data holds: ratings and id always; title and text when the line cannot. */
interface ReasonData {
  id: string;
  belief: Belief | null;
  support: Support | null;
  title?: string;
  text?: string | null;
}

/** Argdown of `data` (rule F2): the main statement, then one argument line per reason. Pure. */
export function toArgdown(data: MapData): string {
  const lines = [statementLine('[', ']', data.title, data.description, {})];
  const seen = new Set<string>();
  for (const reason of data.reasons) lines.push(`  ${reasonLine(reason, seen)}`);
  return `${lines.join('\n')}\n`;
}

function reasonLine(reason: Reason, seen: Set<string>): string {
  let shown = escapeTitle(reason.title);
  // Two arguments with one title are one argument in Argdown: number the second one.
  for (let n = 2; seen.has(shown.toLowerCase()); n++) shown = `${escapeTitle(reason.title)} (${n})`;
  seen.add(shown.toLowerCase());
  const extra: ReasonData = { id: reason.id, belief: reason.belief, support: reason.support };
  const relation = reasonSide(reason) === 'against' ? '-' : '+';
  return `${relation} ${statementLine('<', '>', reason.title, reason.relevance, extra, shown)}`;
}

/** `[Title]: text {data}`, with title and text in the data where the line changes them. */
function statementLine(
  open: string,
  close: string,
  title: string,
  text: string | null,
  data: Partial<ReasonData>,
  shown = escapeTitle(title),
): string {
  const extra: Partial<ReasonData> = { ...data };
  if (unescape(shown) !== title) extra.title = title;
  const shownText = text === null ? '' : escape(text);
  if (text !== null && unescape(shownText) !== text) extra.text = text;
  const json = Object.keys(extra).length > 0 ? ` ${dataBlock(extra)}` : '';
  return `${open}${shown}${close}${shownText ? `: ${shownText}` : ''}${json}`;
}

/**
 * Flat data as JSON, which is YAML too. Argdown's lexer ends a data block at a `}` followed by a
 * space even inside a string, so braces in values are written as JSON escapes.
 */
function dataBlock(data: Partial<ReasonData>): string {
  const inner = JSON.stringify(data).slice(1, -1).replace(/\{/g, '\\u007b').replace(/\}/g, '\\u007d');
  return `{${inner}}`;
}

/** One element of an Argdown file as read: its line, title, text and data. */
interface Element {
  line: number;
  title: string;
  text: string | null;
  data: Record<string, unknown>;
}

export interface ArgdownReason extends Element {
  relation: '+' | '-';
}

export interface ParsedArgdown {
  belief: Element;
  reasons: ArgdownReason[];
}

const reasonPattern = /^([+-])\s+(.*)$/;

/**
 * Reads the subset of Argdown that `toArgdown` writes, plus hand-written pro and con statements
 * (`+ Some reason`, `- [Title]: text`) under one main statement (rule F3). Comments, headings and
 * front matter are skipped. A line it cannot read fails with its number. Pure.
 */
export function parseArgdown(input: string): Result<ParsedArgdown> {
  const lines = input.split(/\r?\n/);
  let belief: Element | null = null;
  const reasons: ArgdownReason[] = [];
  let last: Element | null = null;
  let inComment = false;
  let inFrontMatter = false;
  for (const [index, raw] of lines.entries()) {
    const number = index + 1;
    const trimmed = raw.trim();
    if (inComment) {
      if (trimmed.includes('*/')) inComment = false;
      continue;
    }
    if (trimmed === '===') {
      inFrontMatter = !inFrontMatter;
      continue;
    }
    if (inFrontMatter || trimmed === '' || trimmed.startsWith('//') || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('/*')) {
      inComment = !trimmed.includes('*/');
      continue;
    }
    const indented = /^\s/.test(raw);
    const relation = reasonPattern.exec(trimmed);
    if (!indented) {
      if (belief) return err(`Line ${number}: a map has one main statement; this is a second one`);
      const element = readElement(trimmed, number);
      if (!element.ok) return element;
      belief = last = element.value;
    } else if (relation) {
      if (!belief) return err(`Line ${number}: a reason comes before the main statement`);
      const depth = raw.length - raw.trimStart().length;
      const firstDepth = reasons[0] ? lines[reasons[0].line - 1]!.search(/\S/) : depth;
      if (depth > firstDepth) {
        return err(
          `Line ${number}: reasons of a reason are not supported; put each reason under the main statement`,
        );
      }
      const element = readElement(relation[2]!, number);
      if (!element.ok) return element;
      const reason = { ...element.value, relation: relation[1] as '+' | '-' };
      reasons.push(reason);
      last = reason;
    } else if (last) {
      // A continued text: an indented line that is not a relation.
      const more = unescape(trimmed);
      last.text = last.text ? `${last.text} ${more}` : more;
    } else {
      return err(`Line ${number}: expected the main statement, such as [Title]: text`);
    }
  }
  if (!belief) return err('No main statement found: an Argdown map starts with a line such as [Title]: text');
  return ok({ belief, reasons });
}

/** `[Title]: text {data}`, `<Title>: text`, or a plain text (which is then also the title). */
function readElement(source: string, line: number): Result<Element> {
  const { body, data } = splitData(source);
  if (data === 'invalid') return err(`Line ${line}: the data in braces {…} is not valid JSON or YAML`);
  let title: string;
  let text: string | null;
  const bracket = body[0] === '[' || body[0] === '<' ? body[0] : null;
  if (bracket) {
    const end = closingIndex(body, bracket === '[' ? ']' : '>');
    if (end < 0) return err(`Line ${line}: the title opened with ${bracket} is never closed`);
    title = unescape(body.slice(1, end)).trim();
    const rest = body.slice(end + 1).trim();
    if (rest !== '' && !rest.startsWith(':')) return err(`Line ${line}: expected ":" after the title`);
    text = rest === '' ? null : unescape(rest.slice(1)).trim() || null;
  } else {
    title = unescape(body).trim();
    text = null;
  }
  return ok({ line, title, text, data });
}

/** Index of the first unescaped `char` in `text`, or -1. */
function closingIndex(text: string, char: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === char) return i;
  }
  return -1;
}

/** Splits a trailing `{…}` data block off a line; data is JSON, or a flat YAML mapping. */
function splitData(source: string): { body: string; data: Record<string, unknown> | 'invalid' } {
  const start = closingIndex(` ${source}`, '{') - 1;
  if (start < 0 || !source.trimEnd().endsWith('}')) return { body: source.trim(), data: {} };
  const body = source.slice(0, start).trim();
  const block = source.slice(start).trim();
  try {
    const parsed: unknown = JSON.parse(block);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { body, data: parsed as Record<string, unknown> };
    }
    return { body, data: 'invalid' };
  } catch {
    return { body, data: flatYaml(block.slice(1, -1)) };
  }
}

/** `belief: agree, support: "support"`: a one-level YAML mapping of plain values. */
function flatYaml(source: string): Record<string, unknown> | 'invalid' {
  const data: Record<string, unknown> = {};
  for (const pair of source.split(',')) {
    if (pair.trim() === '') continue;
    const match = /^\s*([\w-]+)\s*:\s*(.*?)\s*$/.exec(pair);
    if (!match) return 'invalid';
    const value = match[2]!.replace(/^(["'])(.*)\1$/, '$2');
    data[match[1]!] = value === 'null' || value === '~' || value === '' ? null : value;
  }
  return data;
}
