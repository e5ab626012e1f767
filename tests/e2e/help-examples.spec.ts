import { describe, expect } from 'vitest';
import { getBuiltInMap, helpExampleIds } from '../../src/domain/built-in';
import { beliefLabel, beliefLabels, supportLabel, supportLabels } from '../../src/domain/ratings';
import { it } from './support/fixtures';

// The worked example in the browser (PRODUCT §10): each built-in example map opens at its own
// address with its title, every reason, and for each reason a belief icon and a support icon named
// with the labels of PRODUCT §3.2.

/** How many times each label should name an icon on a map: one belief and one support per reason. */
function expectedIconCounts(id: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const label of [...Object.values(beliefLabels), ...Object.values(supportLabels)]) counts.set(label, 0);
  for (const reason of getBuiltInMap(id)!.data.reasons) {
    for (const label of [beliefLabel(reason.belief), supportLabel(reason.support)]) {
      counts.set(label, counts.get(label)! + 1);
    }
  }
  return counts;
}

describe('help example maps', () => {
  for (const id of helpExampleIds) {
    it(`${id} opens with its title, its reasons and their rating icons`, async ({ page, errors }) => {
      const map = getBuiltInMap(id)!;
      await page.goto(`/map/${id}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: map.data.title, exact: true }).waitFor();
      expect(await page.title()).toBe(`${map.data.title} - Belief Map`);

      for (const reason of map.data.reasons) {
        const title = main.getByText(reason.title, { exact: true });
        await title.first().waitFor();
        expect(await title.first().isVisible(), reason.title).toBe(true);
      }
      for (const [label, count] of expectedIconCounts(id)) {
        expect(await main.getByRole('img', { name: label, exact: true }).count(), label).toBe(count);
      }
      expect(errors).toEqual([]);
    });
  }

  it('help-example-icons shows every one of the twelve rating labels as an icon', async ({ page }) => {
    await page.goto('/map/help-example-icons');
    const main = page.getByRole('main');
    await main
      .getByRole('heading', { level: 1, name: 'Reading the icons: every belief and support rating' })
      .waitFor();
    for (const label of [...Object.values(beliefLabels), ...Object.values(supportLabels)]) {
      const icon = main.getByRole('img', { name: label, exact: true });
      expect(await icon.count(), label).toBe(1);
      expect(await icon.isVisible(), label).toBe(true);
    }
  });
});
