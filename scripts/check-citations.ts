// `npm run check:citations`: every citation in the tracked files must lead somewhere inside the
// repository, so a newcomer with only the clone can follow it. It checks:
//
// - `PRODUCT §6.2` (and lists such as `PRODUCT §3.1, §3.3` or `PRODUCT §6–§7`): each number is the
//   number of a heading of docs/PRODUCT.md. Inside docs/PRODUCT.md a bare `§7.2` is checked the
//   same way; elsewhere a `§` not led by PRODUCT names no document and is refused.
// - `rule C3`, `rules C1–C7`, `rules V5, C1`, and test names tagged `[C3]`: each id is a rule of
//   src/domain/RULES.md (a range needs every id in it).
// - References to what the repository does not hold: the original specification and style guide
//   (by their upper-case names), the team's shared folder, and issue-tracker items (an issue's item
//   number or quoted title). The comment should say the reason itself, or cite a PRODUCT section.
//
// Prints `file:line: problem` for each and exits 1 when there is any. Lines of a comment are read
// as one text, so a citation broken over two lines is still found. This file and its test spell
// out the patterns they look for, so they are not checked.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const productPath = 'docs/PRODUCT.md';
export const rulesPath = 'src/domain/RULES.md';
const ownFiles = new Set(['scripts/check-citations.ts', 'scripts/check-citations.test.ts']);
const skippedFiles = new Set(['package-lock.json']);
const binaryExtensions = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|gz|br|zip|sqlite)$/i;
const largestFileBytes = 2 * 1024 * 1024;

export interface Finding {
  file: string;
  line: number;
  message: string;
}

export interface Targets {
  /** Section numbers of docs/PRODUCT.md's headings: `6`, `6.2`, … */
  sections: ReadonlySet<string>;
  /** Rule ids of src/domain/RULES.md: `C3`, … */
  rules: ReadonlySet<string>;
}

export interface CheckResult {
  findings: Finding[];
  /** How many section numbers and rule ids were cited, resolved or not. */
  citations: number;
}

/** The numbers of the numbered headings of `markdown` (`## 6. Screens` → `6`, `### 6.2 Map` → `6.2`). */
export function readSections(markdown: string): { sections: Set<string>; duplicates: string[] } {
  const sections = new Set<string>();
  const duplicates: string[] = [];
  for (const match of markdown.matchAll(/^#{2,6}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]+\S/gm)) {
    const number = match[1]!;
    if (sections.has(number)) duplicates.push(number);
    sections.add(number);
  }
  return { sections, duplicates };
}

/** The rule ids defined in `markdown`, as list items that start with the id in bold: `- **C3** …`. */
export function readRules(markdown: string): { rules: Set<string>; duplicates: string[] } {
  const rules = new Set<string>();
  const duplicates: string[] = [];
  for (const match of markdown.matchAll(/^[ \t]*[-*][ \t]+\*\*([A-Z]\d+)\*\*/gm)) {
    const id = match[1]!;
    if (rules.has(id)) duplicates.push(id);
    rules.add(id);
  }
  return { rules, duplicates };
}

/**
 * `text` with each line's comment marker and indentation replaced by one space and the lines
 * joined, so that a citation wrapped onto the next comment line reads as one; `lineAt` maps an
 * index in it back to a line number.
 */
function joinLines(text: string): { joined: string; lineAt: (index: number) => number } {
  const starts: number[] = [];
  let joined = '';
  text.split('\n').forEach((line, index) => {
    const content = index === 0 ? line : line.replace(/^\s*(?:\/\/+|\/\*+|\*(?!\/)|#(?=\s)|<!--)?\s*/, '');
    if (index > 0) joined += ' ';
    starts.push(joined.length);
    joined += content;
  });
  const lineAt = (at: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  return { joined, lineAt };
}

const number = String.raw`\d+(?:\.\d+)*`;
const joiner = String.raw`\s*(?:,|–|—|-|\band\b|\bor\b|\bto\b)\s*`;
/** `PRODUCT §3.1, §3.3 and §5` or the same after another document's name. */
const sectionChain = new RegExp(
  String.raw`\b(PRODUCT|SPEC)(?:\.md)?\s*§\s*(${number})((?:${joiner}§\s*${number})*)`,
  'g',
);
const ruleId = String.raw`[A-Z]\d+`;
const ruleChain = new RegExp(String.raw`\b[Rr]ules?\s+(${ruleId})\b((?:${joiner}${ruleId}\b)*)`, 'g');
const ruleTag = /\[([A-Z]\d+)\]/g;
const looseSection = /§\s*([\w.]*)/g;

/** References to documents and trackers outside the repository, with what to write instead. */
const outsideReferences: readonly { pattern: RegExp; message: (match: string) => string }[] = [
  {
    pattern: /\bSPEC\b(?:\.md|'s)?/g,
    message: (m) =>
      `"${m}" cites the original specification, which is not in the repository: cite PRODUCT §N`,
  },
  {
    pattern: /\bSTYLE\b(?:\.md)?(?:\s*§\s*\w+)?/g,
    message: (m) =>
      `"${m}" names a style guide outside the repository: say the reason (CONTRIBUTING.md holds the conventions)`,
  },
  {
    pattern: /(?:\.\.|\/work)[/\\]shared\b/g,
    message: (m) => `"${m}" points outside the repository`,
  },
  {
    pattern: /\bissues?\b[,:]?\s+items?\s+\d+/gi,
    message: (m) => `"${m}" cites an issue tracker: say the reason itself or cite PRODUCT §N`,
  },
  {
    pattern: /\bissues?\b[,:]?\s*["“][^"”\n]{1,80}["”]/gi,
    message: (m) => `"${m}" cites an issue tracker: say the reason itself or cite PRODUCT §N`,
  },
  {
    pattern: /\bPRODUCT issues?\b|\b(?:issue|PR|pull request)\s*#\d+|\bissue\s+\d+\b/gi,
    message: (m) => `"${m}" cites an issue tracker: say the reason itself or cite PRODUCT §N`,
  },
];

/** Every number of a chain such as `§3.1, §3.3` or a range `§6–§7`. */
function chainNumbers(first: string, rest: string): string[] {
  return [first, ...[...rest.matchAll(new RegExp(number, 'g'))].map((m) => m[0])];
}

/** The ids of `C1, C3` or the range `C1–C7` (every id between, when both share a letter). */
function ruleIds(first: string, rest: string): string[] {
  const ids = [first];
  for (const match of rest.matchAll(new RegExp(String.raw`(${joiner})(${ruleId})`, 'g'))) {
    const previous = ids[ids.length - 1]!;
    const next = match[2]!;
    const isRange = /[–—-]/.test(match[1]!);
    if (isRange && previous[0] === next[0]) {
      for (let n = Number(previous.slice(1)) + 1; n < Number(next.slice(1)); n++) ids.push(`${next[0]}${n}`);
    }
    ids.push(next);
  }
  return ids;
}

/** The citation problems of one file's `text`; `file` is its path from the repository's root. */
export function checkText(file: string, text: string, targets: Targets): CheckResult {
  const { joined, lineAt } = joinLines(text);
  const findings: Finding[] = [];
  let citations = 0;
  const report = (at: number, message: string) => findings.push({ file, line: lineAt(at), message });
  /** Ranges of `joined` already read as a section citation, so a `§` in them is not loose. */
  const consumed: [number, number][] = [];
  const isConsumed = (at: number) => consumed.some(([start, end]) => at >= start && at < end);

  for (const match of joined.matchAll(sectionChain)) {
    const at = match.index;
    consumed.push([at, at + match[0].length]);
    if (match[1] === 'SPEC') {
      report(
        at,
        `"${match[0]}" cites the original specification, which is not in the repository: cite PRODUCT §N`,
      );
      continue;
    }
    for (const section of chainNumbers(match[2]!, match[3] ?? '')) {
      citations++;
      if (!targets.sections.has(section))
        report(at, `PRODUCT §${section} is not a section of ${productPath}`);
    }
  }

  for (const { pattern, message } of outsideReferences) {
    for (const match of joined.matchAll(pattern)) {
      if (isConsumed(match.index)) continue;
      consumed.push([match.index, match.index + match[0].length]);
      report(match.index, message(match[0]));
    }
  }

  const isProduct = file === productPath;
  for (const match of joined.matchAll(looseSection)) {
    const at = match.index;
    if (isConsumed(at)) continue;
    const section = (match[1] ?? '').replace(/\.$/, '');
    if (isProduct && /^\d+(?:\.\d+)*$/.test(section)) {
      citations++;
      if (!targets.sections.has(section)) report(at, `§${section} is not a section of this document`);
    } else if (!isProduct) {
      report(at, `"§${section}" names no document: cite PRODUCT §N`);
    }
  }

  for (const match of joined.matchAll(ruleChain)) {
    for (const id of ruleIds(match[1]!, match[2] ?? '')) {
      citations++;
      if (!targets.rules.has(id)) report(match.index, `rule ${id} is not a rule of ${rulesPath}`);
    }
  }
  for (const match of joined.matchAll(ruleTag)) {
    citations++;
    if (!targets.rules.has(match[1]!)) report(match.index, `[${match[1]}] is not a rule of ${rulesPath}`);
  }

  findings.sort((a, b) => a.line - b.line);
  return { findings, citations };
}

/** Reads the targets from `root`; problems with the target documents themselves are findings. */
export function readTargets(root: string): { targets: Targets; findings: Finding[] } {
  const findings: Finding[] = [];
  const read = (path: string): string => {
    if (existsSync(join(root, path))) return readFileSync(join(root, path), 'utf8');
    findings.push({ file: path, line: 1, message: `${path} is missing: every citation of it fails` });
    return '';
  };
  const { sections, duplicates: sameSections } = readSections(read(productPath));
  const { rules, duplicates: sameRules } = readRules(read(rulesPath));
  for (const section of sameSections)
    findings.push({ file: productPath, line: 1, message: `two headings are numbered ${section}` });
  for (const id of sameRules)
    findings.push({ file: rulesPath, line: 1, message: `rule ${id} is defined twice` });
  return { targets: { sections, rules }, findings };
}

/** The files to check under `root`: tracked by git, text, and not this checker's own. */
export function filesToCheck(root: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  return tracked.filter((file) => {
    if (ownFiles.has(file) || skippedFiles.has(file) || binaryExtensions.test(file)) return false;
    const path = join(root, file);
    return existsSync(path) && statSync(path).isFile() && statSync(path).size <= largestFileBytes;
  });
}

/** Checks `files` (paths from `root`) against root's docs/PRODUCT.md and src/domain/RULES.md. */
export function checkTree(root: string, files: readonly string[] = filesToCheck(root)): CheckResult {
  const { targets, findings } = readTargets(root);
  let citations = 0;
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (text.includes('\0')) continue;
    const result = checkText(file, text, targets);
    findings.push(...result.findings);
    citations += result.citations;
  }
  return { findings, citations };
}

function main(): void {
  const root = process.argv[2] ?? process.cwd();
  const { findings, citations } = checkTree(root);
  for (const { file, line, message } of findings) process.stdout.write(`${file}:${line}: ${message}\n`);
  if (findings.length > 0) {
    process.stdout.write(`\ncheck:citations: ${findings.length} problems (${citations} citations read)\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`check:citations: all ${citations} citations resolve inside the repository\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
