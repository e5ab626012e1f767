import type { MapData, Reason } from '../belief-map';
import type { Belief, Support } from '../ratings';
import { shortcodes } from '@argdown/core/dist/plugins/shortcodes';
import { showControls } from './controls';
import { reasonSide, type ReasonSide } from './sides';

// PRODUCT §15.2, §15.3: a map as Argdown (argdown.org). The belief is the main statement `[Title]`;
// each reason is an argument `<Title>` after it, in the map's order, that supports it (`+>`) or
// attacks it (`->`), or neither when it has no relevance or no support rating; its ratings and id
// are data in JSON, which is also YAML, so Argdown's own parser reads them. A title or text that
// Argdown would not keep exactly (line breaks, syntax, a title used twice) is written readably in
// place and exactly in the data, so a map comes back unchanged (rule F2).

/**
 * Where Argdown reads syntax inside a title or text, and only there, so that Argdown's own tools
 * show the text as written: a backslash; `//` and `/*` (comments); `[` (a link or a statement's
 * mention; `]` then means nothing); `<` (an argument, a mention, a comment); `{` (data); `#`
 * before a word (a tag); `*` and `_` (emphasis).
 */
const special = /[\\[<{*_]|\/(?=[/*])|#(?=\S)/y;

/**
 * Argdown reads `.name.` and `:name:` as one token: a known shortcode becomes a symbol or an emoji
 * (`:?:`), anything else is shown as written, escapes included. So a known one, or one with
 * something to escape inside, has its first character escaped, and any other is left whole.
 */
const specialChar = /\.[^\s]+?\.|:[^\s]+?:/y;

function escape(text: string): string {
  const line = showControls(text.replace(/\s+/g, ' ').trim());
  let shown = '';
  for (let at = 0; at < line.length;) {
    specialChar.lastIndex = at;
    const token = specialChar.exec(line)?.[0];
    if (token !== undefined && !(token in shortcodes) && !hasSpecial(token)) {
      shown += token;
      at += token.length;
      continue;
    }
    special.lastIndex = at;
    const escaped = token !== undefined || special.test(line);
    shown += `${escaped ? '\\' : ''}${line[at]!}`;
    at++;
  }
  return shown;
}

function hasSpecial(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    special.lastIndex = at;
    if (special.test(text)) return true;
  }
  return false;
}

/**
 * A title as a line shows it. Argdown ends a title at a bracket even when escaped, so brackets and
 * braces show as ( ) and ‹ ›, and a leading relation character is escaped (the data keeps the exact title).
 */
function escapeTitle(title: string): string {
  const shown = escape(
    title.replace(/[[{]/g, '(').replace(/[\]}]/g, ')').replace(/</g, '‹').replace(/>/g, '›'),
  );
  // `<-` or `<+` after the bracket would be read as a relation, and Argdown keeps statements and
  // arguments in plain objects by title, where `valueOf` or `constructor` is taken already.
  return /^[-+=]/.test(shown) || shown in Object.prototype ? `\\${shown}` : shown;
}

/** What a reason's data holds: ratings and id always; title and text when the line cannot. */
interface ReasonData {
  id: string;
  belief: Belief | null;
  support: Support | null;
  title?: string;
  text?: string | null;
}

/** Front matter that tells the import this file is a Belief Map download (rule F5). */
export const argdownMarker = 'beliefMap';

const relations: Record<ReasonSide, string | null> = { for: '+>', against: '->', neutral: null };

/**
 * Argdown of `data` (rule F2): front matter naming the app, the main statement, then one argument
 * per reason in the map's order, with its relation to the main statement on the next line. Pure.
 */
export function toArgdown(data: MapData): string {
  const belief = `[${escapeTitle(data.title)}]`;
  // The main statement's exact title is always in its data, so the import knows which it is.
  const lines = [
    '===',
    `${argdownMarker}: "1.0"`,
    '===',
    '',
    statementLine('[', ']', data.title, data.description, { title: data.title }),
  ];
  const seen = new Set<string>();
  for (const reason of data.reasons) {
    const relation = relations[reasonSide(reason)];
    // Rule F2: no relevance and no rating are no relation; a comment says so to a reader.
    lines.push(
      '',
      ...(relation
        ? []
        : [
            `// ${reason.support === 'neutral' ? 'Has no relevance' : 'No support information'}: no relation to the belief`,
          ]),
    );
    lines.push(reasonLine(reason, seen));
    if (relation) lines.push(`  ${relation} ${belief}`);
  }
  return `${lines.join('\n')}\n`;
}

function reasonLine(reason: Reason, seen: Set<string>): string {
  let shown = escapeTitle(reason.title);
  // Two arguments with one title are one argument in Argdown: number the second one.
  for (let n = 2; seen.has(shown.toLowerCase()); n++) shown = `${escapeTitle(reason.title)} (${n})`;
  seen.add(shown.toLowerCase());
  const extra: ReasonData = { id: reason.id, belief: reason.belief, support: reason.support };
  return statementLine('<', '>', reason.title, reason.relevance, extra, shown);
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
  if (shown !== title) extra.title = title;
  const shownText = text === null ? '' : escape(text);
  if (text !== null && shownText !== text) extra.text = text;
  const json = Object.keys(extra).length > 0 ? ` ${dataBlock(extra)}` : '';
  return `${open}${shown}${close}${shownText ? `: ${shownText}` : ''}${json}`;
}

/**
 * Flat data as JSON, which is YAML too. Argdown's lexer ends a data block at a `}` followed by a
 * space even inside a string, and tries every `[` and `<` as a title (rule F4), so brackets and
 * braces in values are written as JSON escapes.
 */
function dataBlock(data: Partial<ReasonData>): string {
  const inner = JSON.stringify(data)
    .slice(1, -1)
    .replace(/[{}[\]<>]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `{${inner}}`;
}
