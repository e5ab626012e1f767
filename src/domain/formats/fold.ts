import { defaultLimits } from '../limits';
import type { Belief, Support } from '../ratings';

// PRODUCT §15.3: how a debate of other tools (Argdown, Kialo, AIF), a graph of statements that
// support or attack each other at any depth, becomes a belief map of one level (rules F5, F6): the
// main statement is the belief, the statements pointing at it its reasons, and each reason's own
// sub-tree is kept as an indented outline in its relevance, so nothing the file says is dropped.

/** A statement or argument of a debate, as its format names and says it. */
export interface DebateNode {
  key: string;
  /** A short name (a label, an argument's title), or null when the statement has none. */
  label: string | null;
  text: string | null;
  /** First line of the file where it is written, for messages and for the order of reasons. */
  line: number;
  tags: readonly string[];
  data: Readonly<Record<string, unknown>>;
}

/**
 * `from` supports (pro) or attacks (con) `to`, or is under it with no side said (none); or it is
 * one of the premises `to` links into one argument (premise), or attacks the inference of the
 * argument `to` rather than its conclusion (undercut).
 */
export interface DebateEdge {
  from: string;
  to: string;
  kind: 'pro' | 'con' | 'none' | 'premise' | 'undercut';
}

export interface Debate {
  nodes: DebateNode[];
  edges: DebateEdge[];
}

/** A reason as read, before the schema checks it. */
interface FoldedReason {
  node: DebateNode;
  title: string;
  relevance: string | null;
  belief: Belief | null | unknown;
  support: Support | null | unknown;
}

export interface FoldedDebate {
  main: DebateNode;
  /** Nodes that could be the belief, most pointed at first (rule F5); `main` is one of them. */
  candidates: DebateNode[];
  reasons: FoldedReason[];
  /** Distinct statements below the reasons written into their relevance. */
  folded: number;
  /** Reasons past the reason limit, and distinct statements past the relevance limit, not imported. */
  leftOut: number;
  /** Statements from which no chain of relations leads to the belief, in the file's order. */
  unlinked: DebateNode[];
}

const outlineLabels: Record<DebateEdge['kind'], string> = {
  pro: 'Pro',
  con: 'Con',
  none: 'Claim',
  premise: 'Premise',
  undercut: 'Undercut',
};

/** Below the title and text, at most this much of a relevance is outline; the rest is counted. */
const relevanceRoom = defaultLimits.relevanceLength;

/** One line of a statement: its label and text, or whichever it has, without line breaks. */
function lineOf(node: DebateNode): string {
  const text = node.text?.replace(/\s+/g, ' ').trim() || null;
  if (node.label && text && node.label !== text) return `${node.label}: ${text}`;
  return (text ?? node.label ?? '').replace(/\s+/g, ' ').trim();
}

/** A reason's title: its label, else its text when short enough, else the text's first words. */
function titleOf(node: DebateNode): { title: string; textInRelevance: boolean } {
  if (node.label) return { title: node.label, textInRelevance: true };
  const text = (node.text ?? '').replace(/\s+/g, ' ').trim();
  const max = defaultLimits.reasonTitleLength;
  if (text.length <= max) return { title: text, textInRelevance: false };
  return { title: shortened(text, max), textInRelevance: true };
}

/** The first words of `text` (a line) that fit in `max` characters with an ellipsis after them. */
export function shortened(text: string, max: number): string {
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > 0 ? space : max - 1)}…`;
}

interface FoldOptions {
  /** The key of the belief; by default the node most pointed at. */
  main?: string | undefined;
  /** Makes a node related to nothing a reason of no side (the app's own downloads, rule F2). */
  alsoReason?: ((node: DebateNode) => boolean) | undefined;
  /** Makes each statement not linked to the belief a reason of no side, its own linked ones under it. */
  unlinkedAsReasons?: boolean | undefined;
}

/**
 * The belief map a debate reads as (rules F5, F6): the main statement (`main`, a key, or else the
 * node most pointed at, then the most connected, then the first), its reasons in the order of the
 * file, at most the reason limit, each with its sub-tree folded into its relevance; the statements
 * not linked to the belief are listed, or made reasons of no side. Counts are of distinct
 * statements. Pure.
 */
export function foldDebate(
  debate: Debate,
  { main, alsoReason, unlinkedAsReasons }: FoldOptions = {},
): FoldedDebate | null {
  if (debate.nodes.length === 0) return null;
  const byKey = new Map(debate.nodes.map((node) => [node.key, node]));
  const incoming = new Map<string, DebateEdge[]>();
  const degree = new Map<string, number>();
  const seenEdges = new Set<string>();
  for (const edge of debate.edges) {
    const id = `${edge.from}\u0000${edge.to}`;
    if (edge.from === edge.to || seenEdges.has(id) || !byKey.has(edge.from) || !byKey.has(edge.to)) continue;
    seenEdges.add(id);
    const into = incoming.get(edge.to);
    if (into) into.push(edge);
    else incoming.set(edge.to, [edge]);
    degree.set(edge.to, (degree.get(edge.to) ?? 0) + 1);
    degree.set(edge.from, (degree.get(edge.from) ?? 0) + 1);
  }
  const order = new Map(debate.nodes.map((node, index) => [node.key, index]));
  // A statement is pointed at by what supports or attacks it; the premises of an argument and
  // what undercuts it make no statement a belief.
  const pointers = new Map(
    [...incoming].map(([key, edges]) => [key, edges.filter((edge) => !structural(edge)).length]),
  );
  const ranked = [...debate.nodes].sort(
    (a, b) =>
      (pointers.get(b.key) ?? 0) - (pointers.get(a.key) ?? 0) ||
      (degree.get(b.key) ?? 0) - (degree.get(a.key) ?? 0) ||
      order.get(a.key)! - order.get(b.key)!,
  );
  const pointedAt = ranked.filter((node) => (pointers.get(node.key) ?? 0) > 0);
  const candidates = pointedAt.length > 0 ? pointedAt : [debate.nodes[0]!];
  const belief = (main !== undefined && byKey.get(main)) || candidates[0]!;

  // A node related to the belief is a reason; so is one the format marks as a reason of no relation.
  const direct: { node: DebateNode; kind: DebateEdge['kind'] | null }[] = (
    incoming.get(belief.key) ?? []
  ).map((edge) => ({ node: byKey.get(edge.from)!, kind: edge.kind }));
  const related = new Set(direct.map((reason) => reason.node.key));
  if (alsoReason) {
    for (const node of debate.nodes) {
      if (node !== belief && !related.has(node.key) && alsoReason(node)) {
        direct.push({ node, kind: null });
        related.add(node.key);
      }
    }
  }
  const linked = reachedFrom([belief.key, ...related], incoming);
  let unlinked = debate.nodes.filter((node) => !linked.has(node.key));
  if (unlinkedAsReasons) {
    // A statement that points at another unlinked one is folded under it rather than made a
    // reason of its own, so roots come first; a loop with no root gives its first statement.
    const pointsOn = new Set(
      debate.edges.filter((edge) => !linked.has(edge.to) && edge.from !== edge.to).map((edge) => edge.from),
    );
    const roots = [...unlinked].sort(
      (a, b) =>
        Number(pointsOn.has(a.key)) - Number(pointsOn.has(b.key)) || order.get(a.key)! - order.get(b.key)!,
    );
    for (const node of roots) {
      if (linked.has(node.key)) continue;
      direct.push({ node, kind: null });
      for (const key of reachedFrom([node.key], incoming)) linked.add(key);
    }
    unlinked = [];
  }
  direct.sort((a, b) => a.node.line - b.node.line || order.get(a.node.key)! - order.get(b.node.key)!);
  const kept = direct.slice(0, defaultLimits.reasonCount);
  const reasonKeys = new Set(kept.map((reason) => reason.node.key));
  const written = new Set<string>();
  const counted = new Set<string>();
  const reasons = kept.map((edge): FoldedReason => {
    const { node } = edge;
    const { title, textInRelevance } = titleOf(node);
    const parts: string[] = [];
    if (textInRelevance && node.text?.trim()) parts.push(node.text.trim());
    // Tags are taken out of the texts (rule F5) and kept as a line of their own.
    if (node.tags.length > 0)
      parts.push(node.tags.map((tag) => (/\s/.test(tag) ? `#(${tag})` : `#${tag}`)).join(' '));
    const outline = foldTree(
      node.key,
      belief.key,
      incoming,
      byKey,
      relevanceRoom - (parts[0]?.length ?? 0) - 2,
    );
    for (const key of outline.written) if (!reasonKeys.has(key)) written.add(key);
    for (const key of outline.counted) if (!reasonKeys.has(key)) counted.add(key);
    if (outline.lines.length > 0) parts.push(outline.lines.join('\n'));
    const strong = node.tags.includes('strong');
    // Rule F5: a tag #strong makes a support or an attack strong.
    const side =
      edge.kind !== 'pro' && edge.kind !== 'con'
        ? null
        : edge.kind === 'pro'
          ? strong
            ? 'strong-support'
            : 'support'
          : strong
            ? 'strong-disconfirm'
            : 'disconfirm';
    return {
      node,
      title,
      relevance: parts.length > 0 ? parts.join('\n\n') : null,
      belief: 'belief' in node.data ? node.data.belief : null,
      support: 'support' in node.data ? node.data.support : side,
    };
  });
  const leftOut = direct.length - kept.length + [...counted].filter((key) => !written.has(key)).length;
  return { main: belief, candidates, reasons, folded: written.size, leftOut, unlinked };
}

/** An edge inside an argument (its premises, what undercuts it) rather than between statements. */
const structural = (edge: DebateEdge) => edge.kind === 'premise' || edge.kind === 'undercut';

/** The keys of `roots` and of every node from which a chain of edges leads to one of them. */
function reachedFrom(roots: string[], incoming: Map<string, DebateEdge[]>): Set<string> {
  const reached = new Set(roots);
  const stack = [...roots];
  while (stack.length > 0) {
    for (const edge of incoming.get(stack.pop()!) ?? []) {
      if (reached.has(edge.from)) continue;
      reached.add(edge.from);
      stack.push(edge.from);
    }
  }
  return reached;
}

/**
 * The sub-tree under `root` as outline lines, "Pro: …" or "Con: …" indented two spaces a level,
 * depth first in the file's order. Each statement is written once per tree (a cycle or a statement
 * reached twice is not repeated), the belief never; from the first line past `room` characters
 * on, the statements are counted instead.
 */
function foldTree(
  root: string,
  belief: string,
  incoming: Map<string, DebateEdge[]>,
  byKey: Map<string, DebateNode>,
  room: number,
): { lines: string[]; written: string[]; counted: string[] } {
  const lines: string[] = [];
  const written: string[] = [];
  const counted: string[] = [];
  let used = 0;
  const visited = new Set([root, belief]);
  // An explicit stack, not recursion: a file may nest thousands of levels deep.
  const stack: { key: string; depth: number; kind: DebateEdge['kind'] }[] = [];
  const push = (key: string, depth: number) => {
    const children = [...(incoming.get(key) ?? [])].sort(
      (a, b) => byKey.get(a.from)!.line - byKey.get(b.from)!.line,
    );
    for (const edge of children.reverse()) stack.push({ key: edge.from, depth, kind: edge.kind });
  };
  push(root, 0);
  while (stack.length > 0) {
    const { key, depth, kind } = stack.pop()!;
    if (visited.has(key)) continue;
    visited.add(key);
    const line = `${'  '.repeat(depth)}${outlineLabels[kind]}: ${lineOf(byKey.get(key)!)}`;
    // Once a line does not fit, the outline ends there, so no line shows without its parent; the
    // statements after it are counted.
    if (counted.length > 0 || used + line.length + 1 > room) counted.push(key);
    else {
      used += line.length + 1;
      lines.push(line);
      written.push(key);
    }
    push(key, depth + 1);
  }
  return { lines, written, counted };
}
