import type { MapData, Reason } from '../../../domain/belief-map';
import type { Belief, Support } from '../../../domain/ratings';

// PRODUCT §6.3: the values the belief and reason forms hold, one string per field. Apart from their
// parsing (draft-forms.ts), so the draft page can keep an open form's values without loading it.

export interface BeliefFormValues {
  title: string;
  description: string;
}

export interface ReasonFormValues {
  title: string;
  relevance: string;
  /** "" is no rating (PRODUCT §6.3: an empty selection is stored as null). */
  belief: Belief | '';
  support: Support | '';
}

export type BeliefField = keyof BeliefFormValues;
export type ReasonField = keyof ReasonFormValues;

export function beliefFormValues(data: MapData): BeliefFormValues {
  return { title: data.title, description: data.description ?? '' };
}

export function reasonFormValues(reason: Reason | null): ReasonFormValues {
  return {
    title: reason?.title ?? '',
    relevance: reason?.relevance ?? '',
    belief: reason?.belief ?? '',
    support: reason?.support ?? '',
  };
}
