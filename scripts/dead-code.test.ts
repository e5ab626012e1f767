import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run lint` ends with `npm run check:dead-code` (knip, configured by knip.jsonc). These run
// that configuration on a small project of the same shape, as layers.test.ts does for the import
// layers: an export nothing imports, and a file nothing reaches, fail the check.

const run = promisify(execFile);
const repository = resolve(import.meta.dirname, '..');
const knip = join(repository, 'node_modules', '.bin', 'knip');
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A project with the repository's knip configuration and `files`, and what knip says of it. */
async function check(files: Record<string, string>): Promise<{ failed: boolean; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'dead-code-'));
  made.push(dir);
  copyFileSync(join(repository, 'knip.jsonc'), join(dir, 'knip.jsonc'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'fixture', private: true, type: 'module' }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const { stdout } = await run(knip, ['--no-progress', '--reporter', 'compact'], { cwd: dir });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

const entry = "import { used } from '../domain/words';\nconsole.log(used);\n";

describe('the dead-code check (knip.jsonc)', () => {
  it('passes a project whose every export is imported', async () => {
    const result = await check({
      'src/server/main.ts': entry,
      'src/domain/words.ts': "export const used = 'used';\n",
    });
    expect(result).toEqual({ failed: false, output: '' });
  }, 60_000);

  it('fails on an export nothing imports, naming it', async () => {
    const result = await check({
      'src/server/main.ts': entry,
      'src/domain/words.ts': "export const used = 'used';\nexport const forgotten = 'forgotten';\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output).toMatch(/Unused exports[\s\S]*src\/domain\/words\.ts: forgotten/);
  }, 60_000);

  it('fails on a file nothing imports', async () => {
    const result = await check({
      'src/server/main.ts': entry,
      'src/domain/words.ts': "export const used = 'used';\n",
      'src/domain/orphan.ts': "export const orphan = 'orphan';\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output).toMatch(/Unused files[\s\S]*src\/domain\/orphan\.ts/);
  }, 60_000);
});
