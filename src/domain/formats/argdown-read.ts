import { ArgdownApplication } from '@argdown/core/dist/ArgdownApplication';
import {
  IArgument,
  IEquivalenceClass,
  StatementRole,
  type IPCSStatement,
  type RelationMember,
} from '@argdown/core/dist/model/model';
import { DataPlugin } from '@argdown/core/dist/plugins/DataPlugin';
import { ModelPlugin } from '@argdown/core/dist/plugins/ModelPlugin';
import { ParserPlugin } from '@argdown/core/dist/plugins/ParserPlugin';
import { shortcodes } from '@argdown/core/dist/plugins/shortcodes';
import { err, ok, type Result } from '../result';
import type { Debate, DebateEdge, DebateNode } from './fold';

// PRODUCT §15.3: Argdown read by the Argdown project's own parser and model builder, so comments,
// front matter, wrapped lines, equivalence classes, tags, argument reconstructions and their
// relations mean what they mean in Argdown's own tools (rule F5). The model is then seen as a
// debate: its statements and arguments, and which supports or attacks which.

// The modules are imported one by one: the package's index also loads its map and image exports,
// which a browser reading a file does not need.

/**
 * Argdown's lexer tries each `[`, `<` and `{` as the start of a title or data up to the end of its
 * line, so a line of many that are never closed takes time in proportion to their number times the
 * line's length: 100,000 of them take a quarter of a minute (rule F4). Summed over the lines, above
 * this budget a file is refused before it is lexed; the download escapes these characters in its
 * texts and data, so it stays far below.
 */
const maxOpenersTimesLength = 200_000_000;

/** The line where brackets times line length, summed over the lines, passes the budget, or null. Linear. */
function crowdedLine(input: string): { line: number; openers: number; length: number } | null {
  let line = 1;
  let start = 0;
  let openers = 0;
  let total = 0;
  for (let i = 0; i <= input.length; i++) {
    const char = input[i];
    if (char === '[' || char === '<' || char === '{') openers++;
    else if (char === '\n' || char === undefined) {
      total += openers * (i - start);
      if (total > maxOpenersTimesLength) return { line, openers, length: i - start };
      line++;
      start = i + 1;
      openers = 0;
    }
  }
  return null;
}

/**
 * Argdown turns shortcodes such as `:?:` or `.->.` into symbols and emoji; the settings can only add
 * to its list, so each is mapped to itself, and a text reads back as it was written (rule F5).
 */
const literalShortcodes = Object.fromEntries(
  Object.keys(shortcodes).map((code) => [code, { unicode: code }]),
);

/**
 * A reconstruction as Argdown writes it, one numbered statement a line, `(1) premise`, and a line
 * `----` before each conclusion; null for an argument with none.
 */
function numbered(
  pcs: readonly IPCSStatement[],
  statements: Readonly<Record<string, IEquivalenceClass>>,
): string | null {
  if (pcs.length === 0) return null;
  return pcs
    .map((statement, index) => {
      // A statement written only as `[Title]` has the text of that statement elsewhere.
      const ec = statements[statement.title ?? ''];
      const own = statement.text?.trim() || (ec ? IEquivalenceClass.getCanonicalMemberText(ec) : '');
      const text = (own ?? '').replace(/\s+/g, ' ').trim();
      return `${statement.role === StatementRole.PREMISE ? '' : '----\n'}(${index + 1}) ${text}`;
    })
    .join('\n');
}

/**
 * The debate an Argdown text describes (rule F5), or its first syntax error with its line. The
 * statements of an argument's reconstruction that are written nowhere else are not nodes of their
 * own: what points at them points at the argument, and what they point at, the argument does.
 */
export function readArgdown(input: string): Result<{ debate: Debate; frontMatter: Record<string, unknown> }> {
  const crowded = crowdedLine(input);
  if (crowded) {
    return err(
      `line ${crowded.line}: its ${crowded.openers.toLocaleString('en-US')} brackets in ${crowded.length.toLocaleString('en-US')} characters, with those of the lines before it, are more than Argdown can read in reasonable time`,
    );
  }
  const app = new ArgdownApplication();
  app.addPlugin(new ParserPlugin(), 'parse-input');
  app.addPlugin(new DataPlugin(), 'build-model');
  app.addPlugin(new ModelPlugin(), 'build-model');
  let response;
  try {
    response = app.run({
      input,
      process: ['parse-input', 'build-model'],
      logLevel: 'none',
      // Tags are the node's, not words of its text (rule F5).
      model: { removeTagsFromText: true, shortcodes: literalShortcodes },
    });
  } catch (error) {
    return err(`it could not be read: ${(error as Error).message}`);
  }
  const lexerError = response.lexerErrors?.[0];
  if (lexerError) return err(`line ${lexerError.line ?? 1}: ${lexerError.message}`);
  const parserError = response.parserErrors?.[0];
  if (parserError) {
    const line = Number.isFinite(parserError.token.startLine) ? parserError.token.startLine : 1;
    // Chevrotain's "Expecting …" lists every token the grammar allows: say what was found instead.
    const message = parserError.message.startsWith('Expecting')
      ? `Argdown cannot read ${parserError.token.image ? `“${parserError.token.image.slice(0, 60)}” here` : 'the end of the file here'}`
      : parserError.message.replace(/\s+/g, ' ').trim();
    return err(`line ${line}: ${message}`);
  }
  const exception = response.exceptions?.[0];
  if (exception) return err(`it could not be read: ${exception.message}`);

  const nodes: DebateNode[] = [];
  const statements = Object.values(response.statements ?? {});
  const argumentList = Object.values(response.arguments ?? {});

  // Where each statement of a reconstruction stands: in which arguments, and as their conclusion.
  const inArguments = new Map<string, { argument: string; conclusion: boolean }[]>();
  for (const argument of argumentList) {
    argument.pcs.forEach((statement, index) => {
      const title = statement.title ?? '';
      const places = inArguments.get(title) ?? [];
      places.push({ argument: argument.title ?? '', conclusion: index === argument.pcs.length - 1 });
      inArguments.set(title, places);
    });
  }
  const hidden = (ec: IEquivalenceClass) =>
    !ec.isUsedAsTopLevelStatement && !ec.isUsedAsRelationStatement && inArguments.has(ec.title ?? '');

  for (const ec of statements) {
    if (hidden(ec)) continue;
    const title = ec.title ?? '';
    nodes.push({
      key: `s:${title}`,
      label: /^Untitled \d+$/.test(title) ? null : title,
      text: IEquivalenceClass.getCanonicalMemberText(ec)?.trim() || null,
      line: Math.min(...ec.members.map((member) => member.startLine ?? Infinity)),
      tags: ec.tags ?? [],
      data: (ec.data ?? {}) as Record<string, unknown>,
    });
  }
  for (const argument of argumentList) {
    const description = IArgument.getCanonicalMemberText(argument)?.trim() || null;
    const reconstruction = numbered(argument.pcs, response.statements ?? {});
    nodes.push({
      key: `a:${argument.title ?? ''}`,
      label: argument.title ?? '',
      text: [description, reconstruction].filter((part) => part !== null).join('\n\n') || null,
      line: Math.min(argument.startLine ?? Infinity, ...argument.members.map((m) => m.startLine ?? Infinity)),
      tags: argument.tags ?? [],
      data: (argument.data ?? {}) as Record<string, unknown>,
    });
  }
  for (const node of nodes) if (!Number.isFinite(node.line)) node.line = 1;

  const ends = (member: RelationMember | undefined, asSource: boolean): string[] => {
    if (!member) return [];
    if (member.type === 'argument') return [`a:${member.title ?? ''}`];
    if (member.type === 'inference') return [`a:${member.argumentTitle ?? ''}`];
    const ec = member;
    if (!hidden(ec)) return [`s:${ec.title ?? ''}`];
    const places = inArguments.get(ec.title ?? '') ?? [];
    // A hidden conclusion speaks for its argument; a hidden premise is where its argument is hit.
    const chosen = asSource && places.some((p) => p.conclusion) ? places.filter((p) => p.conclusion) : places;
    return chosen.map((place) => `a:${place.argument}`);
  };

  const edges: DebateEdge[] = [];
  for (const relation of response.relations ?? []) {
    const kind = relation.relationType === 'support' || relation.relationType === 'entails' ? 'pro' : 'con';
    const symmetric = relation.relationType === 'contrary' || relation.relationType === 'contradictory';
    for (const from of ends(relation.from, true)) {
      for (const to of ends(relation.to, false)) {
        edges.push({ from, to, kind });
        if (symmetric) edges.push({ from: to, to: from, kind });
      }
    }
  }
  // A reconstruction supports its conclusion, and a statement written elsewhere supports the
  // argument it is a premise of, as in Argdown's own maps.
  for (const argument of argumentList) {
    argument.pcs.forEach((statement, index) => {
      const ec = response.statements?.[statement.title ?? ''];
      if (!ec || hidden(ec)) return;
      const key = `a:${argument.title ?? ''}`;
      if (index === argument.pcs.length - 1)
        edges.push({ from: key, to: `s:${ec.title ?? ''}`, kind: 'pro' });
      else edges.push({ from: `s:${ec.title ?? ''}`, to: key, kind: 'pro' });
    });
  }
  const frontMatter: unknown = response.frontMatter;
  return ok({
    debate: { nodes, edges },
    frontMatter:
      frontMatter !== null && typeof frontMatter === 'object' ? (frontMatter as Record<string, unknown>) : {},
  });
}
