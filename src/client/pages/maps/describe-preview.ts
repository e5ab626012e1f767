import type { ImportedMap } from '../../../domain/formats/import-map';
import { quoted } from '../../../domain/text-direction';

// PRODUCT §15.3: the preview's sentence, counting the reasons by the side they are on.

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "This file becomes a map titled “…” with N reasons (M for, K against, …)." */
export function describePreview({ data, folded, leftOut, unlinked }: ImportedMap): string {
  const supports = data.reasons.filter((r) => r.support === 'support' || r.support === 'strong-support');
  const against = data.reasons.filter((r) => r.support === 'disconfirm' || r.support === 'strong-disconfirm');
  const counts = [
    `${supports.length.toLocaleString('en-US')} for`,
    `${against.length.toLocaleString('en-US')} against`,
  ];
  if (folded > 0)
    counts.push(`${plural(folded, 'deeper statement', 'deeper statements')} folded into their parents`);
  const sentences = [
    `This file becomes a map titled ${quoted(data.title)} with ${plural(data.reasons.length, 'reason', 'reasons')} (${counts.join(', ')}).`,
  ];
  if (leftOut > 0) {
    sentences.push(
      `${plural(leftOut, 'statement was', 'statements were')} left out: more than a map can hold.`,
    );
  }
  // Rule F6: statements with no chain of relations to the belief are offered, never dropped unsaid.
  if (unlinked > 0) {
    sentences.push(
      `${plural(unlinked, 'statement is', 'statements are')} not linked to this belief: choose another main statement or import them as unrated reasons.`,
    );
  }
  return sentences.join(' ');
}
