import { err, ok, type Result } from '../result';
import type { Debate, DebateEdge, DebateNode } from './fold';

// PRODUCT §15.3: a discussion exported from Kialo as text (rule F9), in either layout Kialo has
// written. The classic one: `Discussion Title: …`, a blank line, `1. thesis`, then one claim a line,
// numbered by its place in the tree, `1.2.1. Con: text`. The current one (since 2023):
// `Discussion Name: …`, `1. Thesis: …`, each claim `1.2.1. Con:` with its text on the following,
// indented lines, footnote marks `[1]` in the texts and a `Sources:` list of them at the end. In
// both, a claim may be a link to another, `-> See 1.2.2.`; Markdown links are kept, and the
// characters Markdown would read as syntax are escaped with a backslash.

/** A Kialo text export: its discussion title, and the debate of its thesis and claims. */
export interface KialoDiscussion {
  discussionTitle: string | null;
  thesis: DebateNode;
  debate: Debate;
}

const headerPattern = /^Discussion (?:Title|Name): /;

/** Whether `text` reads as a Kialo export: its title line, or a thesis `1.` with claims under it. */
export function isKialo(text: string): boolean {
  return headerPattern.test(text) || (/^1\. /.test(text) && /^1\.1\. (Pro|Con):/m.test(text));
}

const numberPattern = /^((?:\d+\.)+) /;
const stancePattern = /^(Pro|Con):(?: |$)/;
const thesisPattern = /^Thesis:(?: |$)/;
const linkPattern = /^-> See ((?:\d+\.)+)\s*$/;
const sourcePattern = /^\[(\d+)\]:?\s*(.*)$/;
/** A footnote mark `[1]`, not escaped and not the text of a Markdown link. */
const footnotePattern = /(?<!\\)\[(\d+)\](?![(:[])/g;
const urlPattern = /\bhttps?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/;

/** `\(` and the like: Kialo escapes what Markdown would read as syntax. */
function unescapeKialo(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!<>|~])/g, '$1');
}

/**
 * A claim's text as shown: escapes removed, each footnote mark with a source replaced by a link to
 * it, `[1](url)`, or `[title](url)` when the source names more than its address; a source with no
 * address is written out in parentheses, and a mark with no source (or an empty one) stays as written.
 */
function renderText(raw: string, sources: ReadonlyMap<string, string>): string {
  if (sources.size === 0) return unescapeKialo(raw);
  let shown = '';
  let from = 0;
  for (const mark of raw.matchAll(footnotePattern)) {
    const source = sources.get(mark[1]!);
    if (source === undefined || source === '') continue;
    shown += unescapeKialo(raw.slice(from, mark.index)) + sourceLink(mark[1]!, source);
    from = mark.index + mark[0].length;
  }
  return shown + unescapeKialo(raw.slice(from));
}

function sourceLink(number: string, source: string): string {
  const url = urlPattern.exec(source)?.[0];
  if (url === undefined) return `(${source})`;
  const title = source.replace(url, '').replace(/^[\s,:;–-]+|[\s,:;–-]+$/g, '');
  return `[${title === '' ? number : title.replace(/[[\]]/g, '')}](${url})`;
}

/**
 * The debate of a Kialo export (rule F9): the thesis `1.` and each claim, a pro or con of the claim
 * its number is under, links resolved to the text of the claim they name (one that names none, or
 * a loop of links, keeps its text), footnote marks resolved to the `Sources:` list, escapes
 * removed. A line that continues a claim is part of its text, its indentation dropped. Fails with
 * the line of the first claim before the thesis. Pure, linear in the input.
 */
export function readKialo(input: string): Result<KialoDiscussion> {
  const lines = input.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  let discussionTitle: string | null = null;
  const claims: { id: string; kind: 'pro' | 'con' | null; text: string; line: number }[] = [];
  const sources = new Map<string, string>();
  let lastSource: string | null = null;
  let inSources = false;
  for (const [index, line] of lines.entries()) {
    if (index === 0 && headerPattern.test(line)) {
      discussionTitle = unescapeKialo(line.replace(headerPattern, '').trim());
      continue;
    }
    if (inSources) {
      const source = sourcePattern.exec(line.trim());
      if (source) {
        lastSource = source[1]!;
        sources.set(lastSource, source[2]!.trim());
      } else if (lastSource !== null && line.trim() !== '') {
        sources.set(lastSource, `${sources.get(lastSource)!} ${line.trim()}`.trim());
      }
      continue;
    }
    if (claims.length > 0 && /^Sources:\s*$/.test(line)) {
      inSources = true;
      continue;
    }
    const number = numberPattern.exec(line);
    if (number) {
      let text = line.slice(number[0].length);
      const stance = stancePattern.exec(text);
      if (stance) text = text.slice(stance[0].length);
      else if (number[1] === '1.' && thesisPattern.test(text)) text = text.replace(thesisPattern, '');
      const kind = stance ? (stance[1] === 'Pro' ? 'pro' : 'con') : null;
      claims.push({ id: number[1]!, kind, text, line: index + 1 });
    } else if (claims.length > 0) {
      const claim = claims[claims.length - 1]!;
      claim.text = claim.text.trim() === '' ? line.trimStart() : `${claim.text}\n${line.trimStart()}`;
    } else if (line.trim() !== '') {
      return err(`line ${index + 1}: expected the thesis, such as 1. Thesis`);
    }
  }
  const thesisClaim = claims[0];
  if (!thesisClaim || thesisClaim.id !== '1.') {
    return err(`line ${thesisClaim?.line ?? 1}: expected the thesis, such as 1. Thesis`);
  }
  const byId = new Map(claims.map((claim) => [claim.id, claim]));
  // A link's text is its target's, followed through further links; each claim is resolved once
  // (a chain of links is walked once, not once per link in it), and a loop keeps the link's text.
  const resolved = new Map<string, string>();
  const resolve = (claim: (typeof claims)[number]): string => {
    const path: (typeof claims)[number][] = [];
    const onPath = new Set<string>();
    let current = claim;
    let end: string | null = null;
    for (;;) {
      const known = resolved.get(current.id);
      if (known !== undefined) {
        end = known;
        break;
      }
      const link = linkPattern.exec(current.text.trim());
      const target = link ? byId.get(link[1]!) : undefined;
      path.push(current);
      onPath.add(current.id);
      // Not a link, or a link to no claim: the chain ends in this claim's own text.
      if (!target) {
        end = current.text;
        break;
      }
      if (onPath.has(target.id)) break;
      current = target;
    }
    // In a loop every link keeps its own text.
    for (const step of path) resolved.set(step.id, end ?? step.text);
    return resolved.get(claim.id)!;
  };
  const nodes: DebateNode[] = claims.map((claim) => ({
    key: claim.id,
    label: null,
    text: renderText(resolve(claim), sources).trim() || null,
    line: claim.line,
    tags: [],
    data: {},
  }));
  const edges: DebateEdge[] = [];
  for (const claim of claims.slice(1)) {
    // The parent is the claim whose number this one's extends; a missing one is skipped upwards.
    let parent = claim.id.replace(/\d+\.$/, '');
    while (parent !== '' && !byId.has(parent)) parent = parent.replace(/\d+\.$/, '');
    if (parent === '') continue;
    edges.push({ from: claim.id, to: parent, kind: claim.kind ?? 'none' });
  }
  return ok({ discussionTitle, thesis: nodes[0]!, debate: { nodes, edges } });
}
