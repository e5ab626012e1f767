import { describe, expect, it } from 'vitest';
import { describeImport } from './describe-import';
import { importMap, type ImportedMap } from './import-map';
import semmelweis from '../../../tests/fixtures/real/semmelweis_betz.argdown?raw';

// Rules F5, F6: files written by others with other tools (tests/fixtures/real, their sources and
// licences in its README), each imported as its README says it must be.

function imported(text: string): ImportedMap {
  const result = importMap(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('[F5] [F6] real files', () => {
  it('semmelweis_betz.argdown: a statement as the belief, reconstructions numbered, tags out', () => {
    const map = imported(semmelweis);
    expect(map.format).toBe('argdown');
    // A statement of the file, never one of its arguments, and no tag left in it.
    expect(map.mainStatements.every((s) => !s.startsWith('Inexperienced Medical Students'))).toBe(true);
    expect(map.data.title).not.toContain('#');
    expect(map.data.description).toBe(
      'A Stylized Reconstruction of the Scientific Debate That led Ignaz Semmelweis to Understand Childbed Fever',
    );
    for (const reason of map.data.reasons) {
      expect(reason.title).not.toContain('#');
      expect(reason.relevance).toMatch(/\n\(1\) .+\n\(2\) .+[\s\S]*\n----\n\(\d\) /);
    }
    // The argument from rough examinations keeps its premise of more injuries, and its tag.
    const students = map.data.reasons.find((r) => r.title === 'Inexperienced Medical Students');
    expect(students?.relevance).toContain(
      '(3) Due to their inexperience, medical students cause more injuries during examination than midwives.',
    );
    expect(students?.relevance).toContain('\n#H2');
    // What is not linked to the belief is said, not dropped unsaid.
    expect(map.unlinked).toBeGreaterThan(0);
    expect(describeImport(map)).toContain('left out: not linked to the belief.');
  });
});
