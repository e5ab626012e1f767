// `npm run test:rule -- C3 [W1 …]`: every test of the named rules of src/domain/RULES.md, tagged
// `[C3]` in their names. Vitest's `-t` alone would import every test file of the project to find
// the names, which takes longer than running the whole suite's domain files; this finds the files
// that hold the tags first and runs only those, so a rule's tests take as long as their files.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const ruleIdPattern = /^[A-Z]\d+$/;

/** The vitest arguments that run exactly the tests tagged with `ruleIds`, among `files` (path → text). */
export function ruleTestArguments(
  ruleIds: readonly string[],
  files: ReadonlyMap<string, string>,
): { files: string[]; namePattern: string } {
  const bad = ruleIds.filter((id) => !ruleIdPattern.test(id));
  if (ruleIds.length === 0 || bad.length > 0)
    throw new Error(
      `Name rules by their ids, such as C3 or W1${bad.length ? ` (not: ${bad.join(', ')})` : ''}`,
    );
  const tags = ruleIds.map((id) => `[${id}]`);
  const holding = [...files]
    .filter(([, text]) => tags.some((tag) => text.includes(tag)))
    .map(([path]) => path);
  return { files: holding.sort(), namePattern: ruleIds.map((id) => `\\[${id}\\]`).join('|') };
}

function testFiles(): Map<string, string> {
  const listed = spawnSync('git', ['ls-files', '*.test.ts', '*.test.tsx'], { encoding: 'utf8' });
  const paths = listed.stdout.split('\n').filter((path) => path !== '' && !path.startsWith('tests/e2e/'));
  return new Map(paths.map((path) => [path, readFileSync(path, 'utf8')]));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ruleIds = process.argv.slice(2);
  let chosen: ReturnType<typeof ruleTestArguments>;
  try {
    chosen = ruleTestArguments(ruleIds, testFiles());
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (chosen.files.length === 0) {
    console.error(`No test is tagged ${ruleIds.map((id) => `[${id}]`).join(' or ')}`);
    process.exit(1);
  }
  const projects = chosen.files.some((path) => path.startsWith('tests/reliability/'))
    ? ['--project', 'unit', '--project', 'reliability']
    : ['--project', 'unit'];
  const run = spawnSync('npx', ['vitest', 'run', ...projects, ...chosen.files, '-t', chosen.namePattern], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
