import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { helpText, parseConfig } from './config';
import { runPrimary } from './process/primary';
import { runWorker } from './process/worker';

// `npm start`: read the configuration, then run as the primary (process/primary.ts), which forks the
// workers that serve (process/worker.ts), or as one of those workers. A bad setting stops start-up with
// one line naming it, before anything else happens.

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(helpText());
    return;
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const clientDir = join(root, 'dist/client');
  const parsed = parseConfig(process.env, existsSync(join(clientDir, 'index.html')) ? clientDir : null);
  if (!parsed.ok) {
    process.stderr.write(`Invalid configuration: ${parsed.error}\n`);
    process.exitCode = 1;
    return;
  }
  if (cluster.isPrimary) await runPrimary(parsed.value);
  else await runWorker(parsed.value);
}

await main();
