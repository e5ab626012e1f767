import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkText,
  checkTree,
  productPath,
  readRules,
  readSections,
  rulesPath,
  type Targets,
} from './check-citations';

// The citation check on small fixtures that pass and fail, then on a scratch repository through
// its command line, and on the repository's own PRODUCT.md and RULES.md. Strings the pre-commit
// greps refuse (the shared folder's path, an issue's item) are assembled from parts.

const repoRoot = resolve(import.meta.dirname, '..');
const sharedFolder = ['..', 'shared'].join('/');
const teamFolder = ['', 'work', 'shared'].join('/');
const issueItem = (n: number) => `${'issue'} item ${n}`;

const product = [
  '# The product',
  '',
  '## 1. What it is',
  '## 3. Data',
  '### 3.1 The stored form',
  '### 3.3 Limits',
  '## 5. The API',
  '## 6. Screens',
  '### 6.2 Map page',
  '#### 6.2.1 Subtitles',
  '## 7. Drafts',
  '## Unnumbered notes',
].join('\n');

const rules = ['# Rules', '', '- **C1** one', '- **C2** two', '- **C3** three', '  - **D1** nested'].join(
  '\n',
);

const targets: Targets = { sections: readSections(product).sections, rules: readRules(rules).rules };

/** The findings of `text` as `line: message` strings. */
function problems(text: string, file = 'src/example.ts'): string[] {
  return checkText(file, text, targets).findings.map((f) => `${f.line}: ${f.message}`);
}

describe('reading the targets', () => {
  it('takes the numbers of numbered headings, at any depth below the title', () => {
    expect([...readSections(product).sections]).toEqual([
      '1',
      '3',
      '3.1',
      '3.3',
      '5',
      '6',
      '6.2',
      '6.2.1',
      '7',
    ]);
  });

  it('reports a heading number used twice', () => {
    expect(readSections('## 2. One\n## 2. Two\n### 2.1 A\n### 2.1 B').duplicates).toEqual(['2', '2.1']);
  });

  it('takes rule ids from list items that start with the id in bold, and reports one defined twice', () => {
    expect([...readRules(rules).rules]).toEqual(['C1', 'C2', 'C3', 'D1']);
    expect(readRules('- **C1** a\n- **C1** b\nSee **C2** in prose.').duplicates).toEqual(['C1']);
  });
});

describe('citations that resolve', () => {
  it('accepts sections, lists and ranges of sections, rules and tagged test names', () => {
    const text = [
      '// PRODUCT §6.2: the map page (PRODUCT §3.1, §3.3 and §5; PRODUCT §6–§7).',
      '/** PRODUCT §6.2.1, rule C3: subtitles. */',
      '// rules C1–C3, rules C1, C2 and D1',
      "it('[C2] a reason only in the base map is deleted', () => {});",
      '// A citation wrapped onto the next line: PRODUCT §3 and',
      '// §5, with rules C1 and',
      '//   C2.',
    ].join('\n');
    const result = checkText('src/example.ts', text, targets);
    expect(result.findings).toEqual([]);
    expect(result.citations).toBe(19); // 6 + 2 + 6 + 1 + 4, line by line
  });

  it('does not take ordinary words for citations', () => {
    const text = [
      'for (const issue of error.issues) fields.push(issue.path[0]);',
      '// the first issue and its path; see the e2e spec files and the specification',
      "const styles = { color: 'red' }; const list = [A, B]; items[0];",
      '// Issues are values. A style guide. Rules of thumb.',
    ].join('\n');
    expect(problems(text)).toEqual([]);
  });

  it('checks bare § references inside PRODUCT.md against its own headings', () => {
    expect(problems('Drafts (§7) keep limits (§3.3, §3.1).', productPath)).toEqual([]);
    expect(problems('As §7.4 says.', productPath)).toEqual(['1: §7.4 is not a section of this document']);
  });
});

describe('citations that fail, each named by line', () => {
  it('refuses a section that is not a heading, in a list too', () => {
    expect(problems('// fine\n// PRODUCT §15: no such section\n// PRODUCT §3.1, §3.2')).toEqual([
      `2: PRODUCT §15 is not a section of ${productPath}`,
      `3: PRODUCT §3.2 is not a section of ${productPath}`,
    ]);
  });

  it('refuses unknown rule ids, every id of a range, and unknown tags in test names', () => {
    expect(problems("// rule Z9\n// rules C2–C5\nit('[Q1] something', () => {});")).toEqual([
      `1: rule Z9 is not a rule of ${rulesPath}`,
      `2: rule C4 is not a rule of ${rulesPath}`,
      `2: rule C5 is not a rule of ${rulesPath}`,
      `3: [Q1] is not a rule of ${rulesPath}`,
    ]);
  });

  it('refuses a § that names no document', () => {
    expect(problems('// as the API says (§5.2)')).toEqual(['1: "§5.2" names no document: cite PRODUCT §N']);
  });

  it('refuses citations of the original specification and the style guide', () => {
    const text = [
      '// SPEC §2, §4: the compare page',
      '/** A changed reason (SPEC\'s "mixed"). */',
      '// not in SPEC; a sane bound',
      '// Imports flow one way (STYLE.md), one error handler (STYLE §Errors).',
    ].join('\n');
    expect(problems(text)).toEqual([
      '1: "SPEC §2, §4" cites the original specification, which is not in the repository: cite PRODUCT §N',
      `2: "SPEC's" cites the original specification, which is not in the repository: cite PRODUCT §N`,
      '3: "SPEC" cites the original specification, which is not in the repository: cite PRODUCT §N',
      '4: "STYLE.md" names a style guide outside the repository: say the reason (CONTRIBUTING.md holds the conventions)',
      '4: "STYLE §Errors" names a style guide outside the repository: say the reason (CONTRIBUTING.md holds the conventions)',
    ]);
  });

  it('refuses paths outside the repository', () => {
    expect(problems(`See \`${sharedFolder}/STYLE.md\` and ${teamFolder}/PRODUCT.md.`, 'README.md')).toEqual([
      '1: "STYLE.md" names a style guide outside the repository: say the reason (CONTRIBUTING.md holds the conventions)',
      `1: "${sharedFolder}" points outside the repository`,
      `1: "${teamFolder}" points outside the repository`,
    ]);
  });

  it('refuses issue-tracker references in every spelling, even wrapped over two lines', () => {
    const text = [
      `// Focus goes back (${issueItem(3)}).`,
      '// The compare issue, item 5: a way to see what the draft changes.',
      '// The map page issue, "Done when": with the keyboard alone',
      '// Link previews (issue "Accessible, secure…", item 4): the page',
      '/** Follows drafts changed in other tabs (PRODUCT issue: two tabs stay in step). */',
      '// Lighthouse on a published map (issue',
      '// "Accessible, secure, fast to load", item 3).',
      '// Fixed in PR #12, reported as issue 11.',
    ].join('\n');
    expect(problems(text).map((p) => p.replace(/ cites an issue tracker.*$/, ''))).toEqual([
      `1: "${issueItem(3)}"`,
      '2: "issue, item 5"',
      '3: "issue, "Done when""',
      '4: "issue "Accessible, secure…""',
      '5: "PRODUCT issue"',
      '6: "issue "Accessible, secure, fast to load""',
      '8: "PR #12"',
      '8: "issue 11"',
    ]);
  });
});

describe('the command line on a repository', () => {
  let root: string | null = null;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = null;
  });

  function scratchRepository(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'check-citations-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '.'], { cwd: dir });
    return dir;
  }

  function run(dir: string): { status: number | null; stdout: string } {
    const tsx = join(repoRoot, 'node_modules/.bin/tsx');
    const result = spawnSync(tsx, [join(repoRoot, 'scripts/check-citations.ts'), dir], { encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout };
  }

  it('exits 0 when every citation of the tracked files resolves', () => {
    root = scratchRepository({
      [productPath]: product,
      [rulesPath]: rules,
      'src/a.ts': '// PRODUCT §6.2, rule C1\n',
      'untracked-later.ts': '',
    });
    writeFileSync(join(root, 'not-tracked.ts'), '// SPEC §4: never added to git, so not checked\n');
    expect(run(root)).toEqual({
      status: 0,
      stdout: 'check:citations: all 2 citations resolve inside the repository\n',
    });
  });

  it('exits 1 and names file:line for each problem', () => {
    root = scratchRepository({
      [productPath]: product,
      [rulesPath]: rules,
      'src/a.ts': '// fine: PRODUCT §5\n// PRODUCT §8: publishing\n',
      'tests/b.test.ts': "it('[C9] a rule that is gone', () => {});\n",
    });
    const { status, stdout } = run(root);
    expect(status).toBe(1);
    expect(stdout.split('\n').filter((line) => /^\S+:\d+: /.test(line))).toEqual([
      `src/a.ts:2: PRODUCT §8 is not a section of ${productPath}`,
      `tests/b.test.ts:1: [C9] is not a rule of ${rulesPath}`,
    ]);
  });

  it('fails every citation when PRODUCT.md is missing, and says so', () => {
    root = scratchRepository({ [rulesPath]: rules, 'src/a.ts': '// PRODUCT §5\n' });
    const { findings } = checkTree(root);
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.message}`)).toEqual([
      `${productPath}:1: ${productPath} is missing: every citation of it fails`,
      `src/a.ts:1: PRODUCT §5 is not a section of ${productPath}`,
    ]);
  });
});

describe("the repository's own documents", () => {
  const productText = readFileSync(join(repoRoot, productPath), 'utf8');
  const rulesText = readFileSync(join(repoRoot, rulesPath), 'utf8');

  it('PRODUCT.md has the fifteen numbered sections code cites, and the screens of §6', () => {
    const top = [...productText.matchAll(/^## (\d+)\. (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(top).toEqual([
      '1 What Belief Map is',
      '2 Running it: commands and settings',
      '3 Data: the stored form, ratings, limits, reason order',
      '4 Map ids',
      '5 The API',
      '6 Screens and the names on them',
      '7 Drafts',
      '8 Publishing',
      '9 Comparing and merging',
      '10 The Help page and the worked example',
      '11 Embedding',
      '12 Errors and messages',
      '13 Quality bars',
      '14 Protection and limits',
      '15 Your maps, in and out',
    ]);
    const screens = [...productText.matchAll(/^### (6\.\d+) (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(screens).toEqual([
      '6.1 Header',
      '6.2 Map page',
      '6.3 Belief and reason forms',
      '6.4 Flash bar',
      '6.5 Choose-compare page',
      '6.6 Compare page',
      '6.7 Help page',
      '6.8 Page not found',
      '6.9 Your maps and the shared draft',
      '6.10 Discussion page',
    ]);
    expect(readSections(productText).duplicates).toEqual([]);
  });

  it('PRODUCT.md and RULES.md pass the check themselves', () => {
    const own: Targets = { sections: readSections(productText).sections, rules: readRules(rulesText).rules };
    expect(readRules(rulesText).duplicates).toEqual([]);
    expect(checkText(productPath, productText, own).findings).toEqual([]);
    expect(checkText(rulesPath, rulesText, own).findings).toEqual([]);
  });
});
