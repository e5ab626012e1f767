import type { MapData } from '../../domain/belief-map';
import { responseSummaryColumns, type ResponseSummaryColumns } from '../../domain/response-summary';

// Responses stored before their summary columns existed (migration 5 of SQLite, 5 of PostgreSQL)
// are summarised once, when a store opens, in batches: the balance is the domain's rule, in code,
// not one rewritten in SQL. New responses are summarised at publish.

/** Rows summarised per transaction: a few hundred maps of up to 2 MB each. */
export const summaryBatchSize = 100;

/** A stored response without its summary: its id and its data's JSON text. */
export interface UnsummarisedRow {
  id: string;
  data: string;
}

/** The summary columns of each row, with its id. */
export function summariseRows(rows: readonly UnsummarisedRow[]): (ResponseSummaryColumns & { id: string })[] {
  return rows.map((row) => ({ id: row.id, ...responseSummaryColumns(JSON.parse(row.data) as MapData) }));
}

/** What a response listed without a summary (published by an older instance meanwhile) shows. */
export const emptyBalance = JSON.stringify({
  for: { count: 0, weight: 0 },
  against: { count: 0, weight: 0 },
  unrated: 0,
  neither: 0,
});
