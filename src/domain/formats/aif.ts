import type { MapData } from '../belief-map';
import { err, ok, type Result } from '../result';
import type { Debate, DebateEdge, DebateNode } from './fold';
import { reasonSide } from './sides';

// PRODUCT §15.2, §15.3: a map as AIF-JSON, the Argument Interchange Format as AIFdb and its tools
// (OVA, Arvina) write it (rule F10): `nodes` (I-nodes hold statements, RA-nodes inferences, CA-nodes
// conflicts), `edges` from one node to another, and `locutions`. The belief is an I-node, each
// reason an I-node with an RA-node to the belief when it supports and a CA-node when it
// disconfirms; what AIF has no room for (ratings, ids, relevance) is in a `beliefMap` field of the
// node, which other tools ignore.

interface AifNode {
  nodeID: string;
  text: string;
  type: string;
  timestamp: string;
  scheme?: string;
  beliefMap?: Record<string, unknown>;
}

interface AifEdge {
  edgeID: string;
  fromID: string;
  toID: string;
  formEdgeID: null;
}

/** AIFdb's timestamp: `2026-11-26 12:00:00`, in UTC. */
function aifTimestamp(iso: string | null): string {
  return (iso ?? '1970-01-01T00:00:00.000Z').slice(0, 19).replace('T', ' ');
}

/**
 * AIF-JSON of `data` (rule F10): the belief as I-node "1", then for each reason in order its I-node
 * and, when it supports or disconfirms, an RA- or CA-node to the belief; every node stamped `at`
 * (an ISO time, the map's). Pure.
 */
export function toAif(data: MapData, at: string | null): string {
  const timestamp = aifTimestamp(at);
  const nodes: AifNode[] = [{ nodeID: '1', text: data.title, type: 'I', timestamp }];
  const edges: AifEdge[] = [];
  let next = 2;
  for (const reason of data.reasons) {
    const id = String(next++);
    nodes.push({
      nodeID: id,
      text: reason.title,
      type: 'I',
      timestamp,
      beliefMap: {
        id: reason.id,
        relevance: reason.relevance,
        belief: reason.belief,
        support: reason.support,
      },
    });
    const side = reasonSide(reason);
    if (side === 'neutral') continue;
    const scheme = side === 'for' ? 'Default Inference' : 'Default Conflict';
    const link = String(next++);
    nodes.push({ nodeID: link, text: scheme, type: side === 'for' ? 'RA' : 'CA', timestamp, scheme });
    edges.push({ edgeID: String(edges.length + 1), fromID: id, toID: link, formEdgeID: null });
    edges.push({ edgeID: String(edges.length + 1), fromID: link, toID: '1', formEdgeID: null });
  }
  const file = {
    nodes,
    edges,
    locutions: [],
    beliefMap: { version: '1.0', mainNodeID: '1', title: data.title, description: data.description },
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Whether parsed JSON is AIF: `nodes` and `edges` lists, at the top or under `AIF`. */
export function isAif(json: unknown): boolean {
  return aifRoot(json) !== null;
}

function aifRoot(json: unknown): Record<string, unknown> | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  if (Array.isArray(record.nodes) && Array.isArray(record.edges)) return record;
  return record.AIF !== undefined ? aifRoot(record.AIF) : null;
}

export interface ReadAif {
  debate: Debate;
  /** The I-node the file names as the belief, and the map's title and description, when the app wrote it. */
  own: { main: string; title: unknown; description: unknown } | null;
}

function push(lists: Map<string, string[]>, key: string, value: string): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

const id = (value: unknown): string | null =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : null;

/**
 * The debate of AIF-JSON (rule F10): each I-node a statement, in the file's order, those an MA-node
 * says rephrase one another merged into the first of them; an RA-node makes the I-node that points
 * at it support each I-node it points at, and several that point at it one argument (a statement
 * of their texts, each a premise of it); a CA-node makes each I-node that points at it attack each
 * I-node it points at, and undercut each RA-node's argument it points at. Locutions, illocutions
 * (YA), transitions (TA) and other nodes are skipped. Fails with the place of the first node or
 * edge that lacks what AIF requires. Pure.
 */
export function readAif(json: unknown): Result<ReadAif> {
  const root = aifRoot(json);
  if (!root) return err('it has no lists of nodes and edges');
  const nodes = root.nodes as unknown[];
  const edges = root.edges as unknown[];
  const types = new Map<string, string>();
  const statements: DebateNode[] = [];
  for (const [index, raw] of nodes.entries()) {
    const node = raw as Record<string, unknown> | null;
    const nodeId = id(node?.nodeID);
    if (
      !node ||
      typeof node !== 'object' ||
      nodeId === null ||
      typeof node.type !== 'string' ||
      typeof node.text !== 'string'
    ) {
      return err(`nodes.${index} needs a nodeID, a text and a type`);
    }
    types.set(nodeId, node.type);
    if (node.type !== 'I') continue;
    const extra = node.beliefMap;
    statements.push({
      key: nodeId,
      label: null,
      text: node.text,
      line: index + 1,
      tags: [],
      data:
        extra !== null && typeof extra === 'object' && !Array.isArray(extra)
          ? (extra as Record<string, unknown>)
          : {},
    });
  }
  const into = new Map<string, string[]>();
  const outOf = new Map<string, string[]>();
  for (const [index, raw] of edges.entries()) {
    const edge = raw as Record<string, unknown> | null;
    const from = id(edge?.fromID);
    const to = id(edge?.toID);
    if (!edge || typeof edge !== 'object' || from === null || to === null) {
      return err(`edges.${index} needs a fromID and a toID`);
    }
    push(into, to, from);
    push(outOf, from, to);
  }
  const same = rephrases(types, into, outOf);
  const merged = statements.filter((node) => same(node.key) === node.key);
  const byKey = new Map(merged.map((node) => [node.key, node]));
  const isI = (key: string) => types.get(key) === 'I';
  const premisesOf = (nodeId: string) => [...new Set((into.get(nodeId) ?? []).filter(isI).map(same))];
  const conclusionsOf = (nodeId: string) => [...new Set((outOf.get(nodeId) ?? []).filter(isI).map(same))];
  const debateEdges: DebateEdge[] = [];
  // The statement that stands for each RA-node's argument: its premise, or the premises together.
  const argumentOf = new Map<string, string>();
  for (const [index, raw] of nodes.entries()) {
    const nodeId = id((raw as Record<string, unknown>).nodeID)!;
    if (types.get(nodeId) !== 'RA') continue;
    const premises = premisesOf(nodeId);
    if (premises.length === 0) continue;
    let from = premises[0]!;
    if (premises.length > 1) {
      from = `RA ${nodeId}`;
      const texts = premises.map((key) => byKey.get(key)?.text?.trim() ?? '');
      // The argument stands where its first premise is, for the order of reasons.
      const line = Math.min(...premises.map((key) => byKey.get(key)?.line ?? index + 1));
      merged.push({ key: from, label: null, text: texts.join(' + '), line, tags: [], data: {} });
      for (const premise of premises) debateEdges.push({ from: premise, to: from, kind: 'premise' });
    }
    argumentOf.set(nodeId, from);
    for (const to of conclusionsOf(nodeId)) debateEdges.push({ from, to, kind: 'pro' });
  }
  for (const [nodeId, type] of types) {
    if (type !== 'CA') continue;
    const undercut = (outOf.get(nodeId) ?? []).flatMap((to) => argumentOf.get(to) ?? []);
    for (const from of premisesOf(nodeId)) {
      for (const to of conclusionsOf(nodeId)) debateEdges.push({ from, to, kind: 'con' });
      for (const to of undercut) debateEdges.push({ from, to, kind: 'undercut' });
    }
  }
  merged.sort((a, b) => a.line - b.line);
  const extra = root.beliefMap as Record<string, unknown> | undefined;
  const main = extra && typeof extra === 'object' ? id(extra.mainNodeID) : null;
  const own =
    main !== null && types.get(main) === 'I'
      ? { main, title: extra!.title, description: extra!.description }
      : null;
  return ok({ debate: { nodes: merged, edges: debateEdges }, own });
}

/**
 * The statement each I-node is merged into: the first in the file's order of those that MA-nodes
 * (rephrases) join, directly or through others, else itself.
 */
function rephrases(
  types: Map<string, string>,
  into: Map<string, string[]>,
  outOf: Map<string, string[]>,
): (key: string) => string {
  const order = new Map([...types.keys()].map((key, index) => [key, index]));
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.has(root)) root = parent.get(root)!;
    // Path compression keeps long chains of rephrases linear.
    for (let step = key; step !== root;) {
      const next = parent.get(step)!;
      parent.set(step, root);
      step = next;
    }
    return root;
  };
  for (const [nodeId, type] of types) {
    if (type !== 'MA') continue;
    const joined = [...(into.get(nodeId) ?? []), ...(outOf.get(nodeId) ?? [])].filter(
      (key) => types.get(key) === 'I',
    );
    for (const key of joined.slice(1)) {
      const [a, b] = [find(joined[0]!), find(key)];
      if (a === b) continue;
      if (order.get(a)! < order.get(b)!) parent.set(b, a);
      else parent.set(a, b);
    }
  }
  return find;
}
