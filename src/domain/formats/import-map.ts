import { createMapRequestSchema, mapDataSchema, validate, type MapData } from '../belief-map';
import { defaultBodyLimitBytes, defaultLimits } from '../limits';
import { err, ok, type Result } from '../result';
import { isAif, readAif } from './aif';
import { argdownMarker } from './argdown';
import { readArgdown } from './argdown-read';
import { foldDebate, shortened, type Debate, type DebateNode, type FoldedDebate } from './fold';
import { isKialo, readKialo } from './kialo';
import { readMarkdown } from './markdown';

// PRODUCT §15.3: what "Import map" reads: the stored form as JSON (a published map, a draft or a
// publish request), Argdown (the download, or any Argdown file) or the Markdown download, told
// apart by content, not by the file's name. Whatever the input, the result passes the shared
// schema with the publishing limits before anything is stored (rule F3); a refusal names the
// format it saw and the first problem, with its line where it has one (rule F7).

/** Largest input read, in characters: as much as a publish request may be (PRODUCT §3.3). */
const maxImportLength = defaultBodyLimitBytes;

/** More lines than any map of the limits holds, even with every statement folded (rule F7). */
const maxImportLines = 50_000;

export type ImportFormat = 'json' | 'argdown' | 'markdown' | 'kialo' | 'aif';

/** A map read from a file, with what the reading did to it. */
export interface ImportedMap {
  data: MapData;
  format: ImportFormat;
  /** Distinct statements below the reasons, written into their relevance as an outline (rule F6). */
  folded: number;
  /** Reasons past the reason limit and distinct statements past the relevance limit, not imported. */
  leftOut: number;
  /** Distinct statements not linked to the belief, left out (rule F6) unless made unrated reasons. */
  unlinked: number;
  /** The statements that could be the belief, most pointed at first; `main` picks one by index. */
  mainStatements: string[];
}

export interface ImportOptions {
  /** Index in `mainStatements` of the statement to use as the belief; the first by default. */
  main?: number | undefined;
  /** Imports the statements not linked to the belief as reasons with no ratings (rule F6). */
  unlinkedAsReasons?: boolean | undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const formatNames: Record<ImportFormat, string> = {
  json: 'JSON',
  argdown: 'Argdown',
  markdown: 'a Markdown download of Belief Map',
  kialo: 'a Kialo export',
  aif: 'AIF-JSON',
};

/** A refusal: the format seen, then the first problem, as sentences (rule F7). */
function refuse(format: ImportFormat, problem: string): Result<never> {
  return err(`This looks like ${formatNames[format]}, but ${sentence(problem)}`);
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The map in `input`, its format told by its content (rule F7), or why not, as sentences that end
 * before the caller's own "Nothing was stored.". Pure but for new reason ids.
 */
export function importMap(input: string, options: ImportOptions = {}): Result<ImportedMap> {
  if (input.length > maxImportLength) {
    return err(
      `The file is too large: a map can be at most ${(maxImportLength / 1024 / 1024).toFixed(0)} MiB.`,
    );
  }
  const text = input.replace(/^\uFEFF/, '').trim();
  if (text === '') return err('The file is empty.');
  // A NUL or other control character is never in a text file (the downloads show them as control
  // pictures, rule F7).
  if (hasControlCharacter(text)) return err('This is not a map file: it is binary.');
  if (/^<(!doctype|html|script|\?xml|[a-z]+[\s>])/i.test(text)) {
    return err('This is an HTML or XML page, not a belief map: choose a .json, .argdown or .md file.');
  }
  if (text.startsWith('{') || text.startsWith('[{')) return importJson(text, options);
  const lines = lineCount(text);
  if (lines > maxImportLines) {
    return err(
      `The file has ${lines.toLocaleString('en-US')} lines: a map file can have at most ${maxImportLines.toLocaleString('en-US')}.`,
    );
  }
  if (isKialo(text)) return importKialo(text);
  // The Markdown reader gets the text untrimmed: the last relevance may end in its own spaces.
  if (isMarkdownDownload(text)) return importMarkdown(input.replace(/^\uFEFF/, '').replace(/^\s*\n/, ''));
  return importArgdown(text, options);
}

/**
 * The app's own Markdown (rule F8): a `# ` title, then its headings of sides or its last line "No
 * reasons yet.". Argdown may start with a heading too, but has none of these.
 */
function isMarkdownDownload(text: string): boolean {
  return (
    text.startsWith('# ') &&
    /^(## (Reasons for|Reasons against|Neutral reasons)|No reasons yet\.)$/m.test(text)
  );
}

function importMarkdown(text: string): Result<ImportedMap> {
  const read = readMarkdown(text);
  if (!read.ok) return refuse('markdown', read.error);
  return checked(
    'markdown',
    { ...read.value.data, reasons: withIds(read.value.data.reasons.map((r) => ({ id: undefined, ...r }))) },
    read.value.lines,
    1,
    { folded: 0, leftOut: 0, unlinked: 0, mainStatements: [] },
  );
}

/**
 * The text of a file's bytes (rule F7): UTF-8, with or without a byte order mark, or a refusal
 * when it is too large, binary (it holds a NUL byte) or not UTF-8. Pure.
 */
export function decodeMapFile(bytes: Uint8Array): Result<string> {
  if (bytes.length > maxImportLength) {
    return err(
      `The file is too large: a map can be at most ${(maxImportLength / 1024 / 1024).toFixed(0)} MiB.`,
    );
  }
  if (bytes.includes(0)) return err('This is not a map file: it is binary.');
  try {
    return ok(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    return err(`This is not a map file: line ${lineAt(text, text.indexOf('\uFFFD'))} is not UTF-8 text.`);
  }
}

/** A C0 control character other than tab, line feed, vertical tab, form feed and return. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && (code < 0x09 || code > 0x0d)) return true;
  }
  return false;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function lineCount(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function importJson(text: string, options: ImportOptions): Result<ImportedMap> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse('json', `it is not valid: ${jsonProblem(text, error as Error)}`);
  }
  if (isAif(json)) return importAif(json, options);
  const result = validate(createMapRequestSchema, json);
  if (!result.ok) return err(`JSON, but not a Belief Map: ${sentence(result.error)}`);
  return ok({
    data: result.value.data,
    format: 'json',
    folded: 0,
    leftOut: 0,
    unlinked: 0,
    mainStatements: [],
  });
}

/** The parser's message, with the line of the position it names. */
function jsonProblem(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  const message = error.message.replace(/\s*\(line \d+ column \d+\)/, '');
  if (!position) return message;
  return `line ${lineAt(text, Number(position[1]))}: ${message}`;
}

/**
 * A Kialo discussion (rule F9): the thesis is the title, the discussion title the description when
 * it says something else; the claims `1.N.` the reasons, folded as Argdown's are (rule F6).
 */
function importKialo(text: string): Result<ImportedMap> {
  const read = readKialo(text);
  if (!read.ok) return refuse('kialo', read.error);
  const { discussionTitle, thesis, debate } = read.value;
  const folded = foldDebate(debate, { main: thesis.key })!;
  const data = mapDataOf({ ...folded, main: { ...thesis, label: discussionTitle } });
  return checked(
    'kialo',
    data,
    folded.reasons.map((reason) => reason.node.line),
    thesis.line,
    { folded: folded.folded, leftOut: folded.leftOut, unlinked: folded.unlinked.length, mainStatements: [] },
  );
}

/**
 * AIF-JSON (rule F10): the AIF download exactly, from its `beliefMap` fields; any other file with
 * the I-node most supported or attacked as the belief and the rest folded (rule F6).
 */
function importAif(json: unknown, { main, unlinkedAsReasons }: ImportOptions): Result<ImportedMap> {
  const read = readAif(json);
  if (!read.ok) return refuse('aif', read.error);
  const { debate, own } = read.value;
  if (debate.nodes.length === 0) return refuse('aif', 'it has no I-node, so no statement');
  const candidates = foldDebate(debate)!.candidates;
  // The statement chosen in the preview, else the one the app's own download names (rule F10).
  const chosen = (main !== undefined ? candidates[main]?.key : undefined) ?? own?.main;
  const folded = foldDebate(debate, {
    main: chosen,
    alsoReason: own ? (node) => 'support' in node.data : undefined,
    unlinkedAsReasons,
  })!;
  const data = own
    ? {
        title: own.title,
        description: own.description,
        reasons: withIds(
          folded.reasons.map(({ node }) => ({
            id: node.data.id,
            title: node.text,
            relevance: exact(node.data.relevance, null),
            belief: exact(node.data.belief, null),
            support: exact(node.data.support, null),
          })),
        ),
      }
    : mapDataOf(folded);
  return checked(
    'aif',
    data,
    folded.reasons.map((reason) => reason.node.line),
    folded.main.line,
    {
      folded: folded.folded,
      leftOut: folded.leftOut,
      unlinked: folded.unlinked.length,
      mainStatements: own ? [] : candidates.map((node) => node.text ?? ''),
    },
    'nodes',
  );
}

function importArgdown(text: string, { main, unlinkedAsReasons }: ImportOptions): Result<ImportedMap> {
  const read = readArgdown(text);
  if (!read.ok) return refuse('argdown', read.error);
  const { debate, frontMatter } = read.value;
  if (debate.nodes.length === 0) {
    return refuse('argdown', 'it has no statement: an Argdown map starts with a line such as [Title]: text');
  }
  const own = isOwnExport(debate, frontMatter);
  const candidates = theses(debate, foldDebate(debate)!.candidates);
  const chosen = (main !== undefined ? candidates[main] : candidates[0])?.key;
  // In the download, an argument with an id or ratings is a reason even with no relation (rule F2).
  const folded = foldDebate(debate, {
    main: chosen,
    alsoReason: own ? (node) => 'id' in node.data || 'support' in node.data : undefined,
    unlinkedAsReasons,
  })!;
  const title = frontMatter.title;
  const data = own
    ? ownMapData(folded)
    : mapDataOf(folded, typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined);
  return checked(
    'argdown',
    data,
    folded.reasons.map((reason) => reason.node.line),
    folded.main.line,
    {
      folded: folded.folded,
      leftOut: folded.leftOut,
      unlinked: folded.unlinked.length,
      mainStatements: candidates.map((node) =>
        node.label && node.text ? `${node.label}: ${node.text}` : (node.text ?? node.label ?? ''),
      ),
    },
  );
}

/**
 * The statements that could be the belief, the document's thesis first (rule F5): statements before
 * arguments, and among them those that support or attack no other statement (but in return), each group in the
 * order of `candidates`; arguments only when no statement is pointed at.
 */
function theses(debate: Debate, candidates: DebateNode[]): DebateNode[] {
  const statements = candidates.filter((node) => node.key.startsWith('s:'));
  if (statements.length === 0) return candidates;
  // Being a premise of an argument is no claim about another statement, and two theses that
  // contradict each other (a relation both ways) are theses alike.
  const toStatements = debate.edges.filter((edge) => edge.kind !== 'none' && edge.to.startsWith('s:'));
  const pairs = new Set(toStatements.map((edge) => `${edge.from}\u0000${edge.to}`));
  const pointing = new Set(
    toStatements.filter((edge) => !pairs.has(`${edge.to}\u0000${edge.from}`)).map((edge) => edge.from),
  );
  return [
    ...statements.filter((node) => !pointing.has(node.key)),
    ...statements.filter((node) => pointing.has(node.key)),
  ];
}

/** A file the app wrote: its front matter says so, or its reasons carry the app's reason ids. */
function isOwnExport(debate: Debate, frontMatter: Record<string, unknown>): boolean {
  return (
    argdownMarker in frontMatter ||
    debate.nodes.some((node) => typeof node.data.id === 'string' && uuidPattern.test(node.data.id))
  );
}

/** The download's map: titles and texts as written, or exactly as in the data (rule F2). */
function ownMapData({ main, reasons }: FoldedDebate): unknown {
  return {
    title: exact(main.data.title, main.label ?? main.text),
    description: exact(main.data.text, main.text),
    reasons: withIds(
      reasons.map((reason) => ({
        id: reason.node.data.id,
        title: exact(reason.node.data.title, reason.title),
        relevance: exact(reason.node.data.text, reason.relevance),
        belief: reason.belief,
        support: reason.support,
      })),
    ),
  };
}

/**
 * Any other Argdown file's map (rule F5): the main statement's text is the title and `about` (the
 * document's title) or else its label the description, unless the text is too long for a title;
 * reasons as folded (rule F6).
 */
function mapDataOf({ main, reasons }: FoldedDebate, about?: string): unknown {
  const text = main.text?.replace(/\s+/g, ' ').trim() || null;
  const textIsTitle = text !== null && text.length <= defaultLimits.titleLength;
  return {
    title: textIsTitle
      ? text
      : (main.label ?? (text === null ? null : shortened(text, defaultLimits.titleLength))),
    description: textIsTitle ? ((about ?? main.label) !== text ? (about ?? main.label) : null) : text,
    reasons: withIds(
      reasons.map((reason) => ({
        id: reason.node.data.id,
        title: reason.title,
        relevance: reason.relevance,
        belief: reason.belief,
        support: reason.support,
      })),
    ),
  };
}

/** Each reason keeps a UUID it carries when no earlier reason has it, else gets a new one. */
function withIds<T extends { id: unknown }>(reasons: T[]): T[] {
  const ids = new Set<string>();
  return reasons.map((reason) => {
    const given = reason.id;
    const id =
      typeof given === 'string' && uuidPattern.test(given) && !ids.has(given.toLowerCase())
        ? given
        : crypto.randomUUID();
    ids.add(id.toLowerCase());
    return { ...reason, id };
  });
}

/** The exact value from the data when it has one, else what the file shows. */
function exact(value: unknown, shown: unknown): unknown {
  return value === undefined ? shown : value;
}

/** The data through the shared schema; a refusal names the line of the reason it is about. */
function checked(
  format: ImportFormat,
  data: unknown,
  lines: number[],
  firstLine: number,
  rest: Omit<ImportedMap, 'data' | 'format'>,
  place: 'line' | 'nodes' = 'line',
): Result<ImportedMap> {
  const result = validate(mapDataSchema, data);
  if (result.ok) return ok({ data: result.value, format, ...rest });
  // The schema's path names a reason by its index: name its line instead.
  const index = /^reasons\.(\d+)/.exec(result.error);
  const line = index ? lines[Number(index[1])] : firstLine;
  // AIF-JSON is one long line: a reason is named by its place in the list of nodes.
  const where = place === 'line' ? `line ${line ?? 1}` : `nodes.${(line ?? 1) - 1}`;
  return refuse(format, `${where}: ${result.error.replace(/^reasons\.\d+\.?\w*: /, '')}`);
}
