// `npm run docs:settings`: writes the README's table of settings from the one list in
// src/server/config.ts, so that a setting is written once; its default, range, `--help` line and
// README row all come from its entry there. tests/api/config.test.ts fails when the README's
// table is not what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { settings } from '../src/server/config';

export const readmePath = new URL('../README.md', import.meta.url);
const start = '<!-- settings table: written by `npm run docs:settings` -->';
const end = '<!-- end of settings table -->';

/** One Markdown table row per setting: its name, its default (or "unset") and what it does. */
export function settingsTable(list: typeof settings): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = list.map(
    (setting) =>
      `| \`${setting.name}\` | ${setting.default ? `\`${cell(setting.default)}\`` : 'unset'} | ${cell(setting.description)} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** `readme` with its settings table replaced by `table`, formatted as Prettier writes Markdown. */
export async function withSettingsTable(readme: string, table: string): Promise<string> {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to < from)
    throw new Error(`The README has no settings table between ${start} and ${end}`);
  const next = `${readme.slice(0, from + start.length)}\n\n${table}\n\n${readme.slice(to)}`;
  // With the repository's Prettier options, as `npm run lint` checks the README (code blocks included).
  const options = (await resolveConfig(readmePath)) ?? {};
  return format(next, { ...options, parser: 'markdown', filepath: fileURLToPath(readmePath) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const readme = readFileSync(readmePath, 'utf8');
  writeFileSync(readmePath, await withSettingsTable(readme, settingsTable(settings)));
  console.log(`README.md: ${settings.length} settings`);
}
