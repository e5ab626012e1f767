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
 * The debate of AIF-JSON (rule F10): each I-node a statement, in the file's order; an RA-node makes
 * each I-node that points at it support each I-node it points at, a CA-node attack it. Locutions,
 * illocutions (YA), transitions (TA) and other nodes are skipped. Fails with the place of the
 * first node or edge that lacks what AIF requires. Pure.
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
  const debateEdges: DebateEdge[] = [];
  for (const [nodeId, type] of types) {
    if (type !== 'RA' && type !== 'CA') continue;
    const premises = (into.get(nodeId) ?? []).filter((from) => types.get(from) === 'I');
    const conclusions = (outOf.get(nodeId) ?? []).filter((to) => types.get(to) === 'I');
    for (const from of premises) {
      for (const to of conclusions) debateEdges.push({ from, to, kind: type === 'RA' ? 'pro' : 'con' });
    }
  }
  const extra = root.beliefMap as Record<string, unknown> | undefined;
  const main = extra && typeof extra === 'object' ? id(extra.mainNodeID) : null;
  const own =
    main !== null && types.get(main) === 'I'
      ? { main, title: extra!.title, description: extra!.description }
      : null;
  return ok({ debate: { nodes: statements, edges: debateEdges }, own });
}
