// The two rating scales of a reason (PRODUCT §3.2, §3.4): their stored values, the order the
// product shows them in, and the labels that name their icons.

export const beliefValues = ['strong-agree', 'agree', 'neutral', 'disagree', 'strong-disagree'] as const;
export type Belief = (typeof beliefValues)[number];

export const supportValues = [
  'strong-support',
  'support',
  'neutral',
  'disconfirm',
  'strong-disconfirm',
] as const;
export type Support = (typeof supportValues)[number];

/** Accessible names of the belief icons (PRODUCT §3.2); `null` is "no rating". */
export const beliefLabels: Record<Belief | 'none', string> = {
  'strong-agree': 'Strongly agree',
  agree: 'Agree',
  neutral: 'Neither agree nor disagree',
  disagree: 'Disagree',
  'strong-disagree': 'Strongly disagree',
  none: 'No agreement information',
};

/** Accessible names of the support icons (PRODUCT §3.2). */
export const supportLabels: Record<Support | 'none', string> = {
  'strong-support': 'Strongly supports',
  support: 'Supports',
  neutral: 'Has no relevance',
  disconfirm: 'Disconfirms',
  'strong-disconfirm': 'Strongly disconfirms',
  none: 'No support information',
};

export function beliefLabel(belief: Belief | null): string {
  return beliefLabels[belief ?? 'none'];
}

export function supportLabel(support: Support | null): string {
  return supportLabels[support ?? 'none'];
}

/** Rank of a support value in a saved draft's order (PRODUCT §3.4, rule S1): lower comes first. */
export const supportRank: Record<Support | 'none', number> = {
  'strong-support': 0,
  support: 1,
  'strong-disconfirm': 2,
  disconfirm: 3,
  neutral: 4,
  none: 5,
};

/** Rank of a belief value in a saved draft's order (rule S2): strongest agreement first. */
export const beliefRank: Record<Belief | 'none', number> = {
  'strong-agree': 0,
  agree: 1,
  neutral: 2,
  disagree: 3,
  'strong-disagree': 4,
  none: 5,
};
