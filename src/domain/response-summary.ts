import { formatWeight, mapBalance, type BalanceSide, type MapBalance } from './balance';
import type { MapData } from './belief-map';

// PRODUCT §5.6: what a list of responses shows of each, made once when the response is published
// and stored in columns of its own, so that listing responses never reads a map's text (a page
// of 20 maps of 2 MB each would be 40 MB read and parsed). Maps published before the columns
// existed are summarised once when the store opens (the server's store/response-summaries.ts).

/** The stored summary of a response: its title, its number of reasons, its balance as JSON. */
export interface ResponseSummaryColumns {
  title: string;
  reasons: number;
  /** The balance in the figures the map page shows (rule W5), as JSON text. */
  balance: string;
}

/** The summary columns of a map's data. Pure. */
export function responseSummaryColumns(data: {
  title: string;
  reasons: readonly Pick<MapData['reasons'][number], 'belief' | 'support'>[];
}): ResponseSummaryColumns {
  const balance = mapBalance(data);
  const shown: MapBalance = {
    for: rounded(balance.for),
    against: rounded(balance.against),
    unrated: balance.unrated,
    neither: balance.neither,
  };
  return { title: data.title, reasons: data.reasons.length, balance: JSON.stringify(shown) };
}

function rounded(side: BalanceSide): BalanceSide {
  return { count: side.count, weight: Number(formatWeight(side.weight)) };
}
