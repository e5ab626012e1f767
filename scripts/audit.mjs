// `npm run audit`: Lighthouse on a published map, a built-in map and Help, desktop and mobile,
// against the targets of PRODUCT §13.6. Builds the client if needed, starts the real server
// (a child process on a free port with a temporary SQLite file), publishes a realistic map of 30
// reasons through the API, and runs Lighthouse in Debian's Chromium. The baseline, measured in the
// same run on the mobile profile: each page as static HTML (the server's own page with its CSS
// inline and every script taken out), served by a bare node:http server with the same headers.
// Prints the four category scores per page and form factor, writes bench/results/lighthouse.json,
// and exits 1 when a score of the app's pages is under its target. Slow (several minutes), so CI
// does not run it.
//
//   npm run audit                  one run per page and form factor
//   npm run audit -- --runs 3      the median of three runs (Lighthouse's advice for performance)
//   npm run audit -- --reports D   also writes every run's whole Lighthouse report into folder D
//                                  (long tasks, script boot-up, the main thread's work)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const targets = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const categories = Object.keys(targets);
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
const reportsArg = process.argv.indexOf('--reports');
const reportsDir = reportsArg > 0 ? process.argv[reportsArg + 1] : null;
let reportCount = 0;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer /healthz within 30 s');
}

/** A map as someone would publish it: a real question, ten reasons with relevance and ratings. */
function realisticMap() {
  const reason = (title, relevance, belief, support) => ({
    id: randomUUID(),
    title,
    relevance,
    belief,
    support,
  });
  return {
    version: '1.0',
    data: {
      title: 'Our team should move to a four-day working week',
      description:
        'The proposal: the same pay for 32 hours over four days, tried for six months from January, ' +
        'with the same targets as now. This map collects what came up at the team meeting, rated by ' +
        'how sure I am of each point and how much it matters if it is true.',
      reasons: [
        reason(
          'People would be less tired and make fewer mistakes',
          'The error log doubles on Friday afternoons; a long weekend to recover should lower it.',
          'agree',
          'strong-support',
        ),
        reason(
          'Trials elsewhere kept output the same',
          'The UK pilot of 61 companies in 2022 reported stable revenue, and most kept the four-day week.',
          'agree',
          'support',
        ),
        reason(
          'Hiring would be easier',
          'Two of our last three candidates chose offers with more flexible hours.',
          'strong-agree',
          'support',
        ),
        reason(
          'Customers expect an answer on Fridays',
          'About 15% of support tickets arrive on Fridays; a rota would be needed to cover them.',
          'strong-agree',
          'strong-disconfirm',
        ),
        reason(
          'Meetings would have to shrink',
          'We spend about six hours a week in meetings; with fewer days they would crowd out focused work.',
          'agree',
          'disconfirm',
        ),
        reason(
          'Deadlines with partners are fixed',
          'The quarterly releases are agreed with two partners and cannot move for a trial.',
          'neutral',
          'disconfirm',
        ),
        reason(
          'Childcare would be simpler for parents',
          'Five of the twelve people on the team have children at primary school.',
          'agree',
          'support',
        ),
        reason(
          'Some work would slip to the day off',
          'People may answer messages on their free day, which would cancel out the rest it gives.',
          'neutral',
          'neutral',
        ),
        reason(
          'Office costs would fall',
          'Closing the office one day a week saves heating and cleaning, though the lease stays the same.',
          'disagree',
          'support',
        ),
        reason('It is only a trial', null, null, null),
        reason(
          'Fewer days in the office means less commuting',
          'Most of us commute 40 minutes each way; one day fewer saves over five hours a month.',
          'strong-agree',
          'support',
        ),
        reason(
          'Our biggest client meets on Fridays',
          "The weekly call with the client's board is on Friday mornings and they have said it will stay there.",
          'agree',
          'disconfirm',
        ),
        reason(
          'Longer days would tire people out',
          'Eight hours spread over four days is still eight-hour days; ten-hour days were not proposed.',
          'disagree',
          'disconfirm',
        ),
        reason(
          'Sick days might fall',
          'Firms in the pilot reported about two thirds fewer sick days over the six months.',
          'neutral',
          'support',
        ),
        reason(
          'The on-call rota already covers weekends',
          'Adding Fridays to it means each person is on call one more day a month.',
          'agree',
          'disconfirm',
        ),
        reason(
          'It would be a perk that costs no money',
          'A pay rise of the same value would cost about 20% more per head.',
          'agree',
          'strong-support',
        ),
        reason(
          'Part-time staff would lose out',
          'The two people who already work four days would get nothing from the change.',
          'strong-agree',
          'disconfirm',
        ),
        reason(
          'Focus time would grow if meetings moved',
          'If meetings are kept to Tuesday and Thursday, the other days are free for long work.',
          'agree',
          'support',
        ),
        reason(
          'Managers are unsure how to measure output',
          'We track hours today; a trial would need targets agreed per team first.',
          'strong-agree',
          'disconfirm',
        ),
        reason(
          'The competition for staff is local',
          'Three firms in the same building already offer a four-day week.',
          'agree',
          'support',
        ),
        reason(
          'Training would have fewer slots',
          'New starters are trained on Fridays; the sessions would have to move.',
          'agree',
          'disconfirm',
        ),
        reason(
          'People could book appointments on the free day',
          'Doctors and banks are open on Fridays, so fewer hours would be lost during the week.',
          'agree',
          'support',
        ),
        reason(
          'Energy use would drop',
          'The office uses about 1,200 kWh a week; a closed day saves a fifth of that.',
          'neutral',
          'support',
        ),
        reason(
          'Handovers would get harder',
          'Work started on Thursday would wait three days before anyone sees it.',
          'neutral',
          'disconfirm',
        ),
        reason(
          'Morale has been low since the merger',
          'The last staff survey put morale at its lowest in five years.',
          'strong-agree',
          'support',
        ),
        reason(
          'The board has to approve it',
          "A change to contracts needs the board's vote, which meets in March.",
          'strong-agree',
          'neutral',
        ),
        reason(
          'A trial can be stopped',
          "The proposal says either side can end the trial with a month's notice.",
          'agree',
          'support',
        ),
        reason(
          'Overtime might rise',
          'If targets stay the same, some people may work the fifth day anyway and claim overtime.',
          'neutral',
          'disconfirm',
        ),
        reason(
          'Other teams would feel left out',
          'Only our team is proposing the trial; the sales team would keep five days.',
          'agree',
          'disconfirm',
        ),
        reason(
          'Customers might not notice',
          'Nine in ten tickets are answered the next working day already.',
          'neutral',
          'support',
        ),
      ],
    },
  };
}

async function publish(baseUrl) {
  const response = await fetch(`${baseUrl}/api/map/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(realisticMap()),
  });
  const body = await response.json();
  if (body.status !== 'ok') throw new Error(`publishing the audit map failed: ${JSON.stringify(body)}`);
  return body.data.mapId;
}

/**
 * The page at `url` as static HTML: the server's own page, its CSS inline, with every script and
 * script preload taken out, and its headers (the security headers and policy) kept.
 */
async function staticCopy(url) {
  const answer = await fetch(url);
  const html = (await answer.text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const headers = {};
  for (const [name, value] of answer.headers)
    if (
      !['content-length', 'content-encoding', 'etag', 'date', 'connection', 'keep-alive', 'vary'].includes(
        name,
      )
    )
      headers[name] = value;
  return { html, headers };
}

/**
 * A bare node:http server answering each of `pages` (by path) with its static copy, and the
 * built client's files (its fonts and pictures) from dist/client, as plainly as it can.
 */
function staticServer(pages) {
  const types = {
    '.css': 'text/css',
    '.js': 'text/javascript',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
  };
  const server = createHttpServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const page = pages.get(path);
    if (page) {
      response.writeHead(200, page.headers).end(page.html);
      return;
    }
    try {
      const file = readFileSync(join(root, 'dist/client', path.replace(/\.\./g, '')));
      const type = types[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';
      response
        .writeHead(200, { 'content-type': type, 'cache-control': 'public, max-age=31536000' })
        .end(file);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const chromeFlags = ['--headless=new', ...chromiumArgs];

/**
 * One Lighthouse run in a fresh Chromium. Now and then Chromium loses the trace of a page load
 * (NO_NAVSTART, with a fresh browser as with a reused one); Lighthouse's advice is to run again,
 * so a run that fails that way is retried, twice at most.
 */
async function audit(url, formFactor) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags,
    });
    let lhr;
    try {
      const config = formFactor === 'desktop' ? desktopConfig : undefined;
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories };
      ({ lhr } = await lighthouse(url, flags, config));
    } finally {
      await chrome.kill();
    }
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      const name = `${++reportCount}-${new URL(url).pathname.split('/')[1]}-${formFactor}.json`;
      writeFileSync(join(reportsDir, name), JSON.stringify(lhr));
    }
    if (!lhr.runtimeError) return summarize(lhr);
    if (attempt === 3) throw new Error(`${url} (${formFactor}): ${lhr.runtimeError.message}`);
    process.stdout.write(`(${lhr.runtimeError.code}: running again)`);
  }
}

/** The category scores, the metrics, and every scored audit that cost points. */
function summarize(lhr) {
  const scores = Object.fromEntries(
    categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  // What cost points, to say what to fix: every scored audit under full marks.
  const lost = categories.flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const audit = lhr.audits[ref.id];
        return {
          category: id,
          id: ref.id,
          title: audit.title,
          score: audit.score,
          value: audit.displayValue ?? '',
        };
      }),
  );
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((id) => [id, lhr.audits[id]?.displayValue ?? null]),
  );
  return { scores, lost, metrics };
}

async function main() {
  execFileSync(process.execPath, [join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });

  const dir = mkdtempSync(join(tmpdir(), 'belief-map-audit-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'audit.sqlite')}`,
      LOG_LEVEL: 'warn',
      CREATE_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let bare = null;
  try {
    await waitForHealth(baseUrl, server);
    const mapId = await publish(baseUrl);
    const appPages = [
      ['published map', `/map/${mapId}`],
      ['built-in map', '/map/help-example-alice-1'],
      ['help', '/help'],
    ];
    const copies = new Map();
    for (const [, path] of appPages) copies.set(path, await staticCopy(`${baseUrl}${path}`));
    bare = await staticServer(copies);
    const pages = [
      ...appPages.map(([page, path]) => [page, `${baseUrl}${path}`, ['desktop', 'mobile']]),
      ...appPages.map(([page, path]) => [`${page}, static`, `${bare.url}${path}`, ['mobile']]),
    ];
    const results = [];
    for (const [page, url, formFactors] of pages) {
      for (const formFactor of formFactors) {
        const attempts = [];
        for (let i = 0; i < runs; i++) attempts.push(await audit(url, formFactor));
        const scores = Object.fromEntries(
          categories.map((id) => [id, median(attempts.map((a) => a.scores[id]))]),
        );
        // The run whose performance is the median one tells what cost points.
        const typical = attempts.find((a) => a.scores.performance === scores.performance) ?? attempts[0];
        results.push({
          page,
          path: new URL(url).pathname,
          formFactor,
          runs,
          scores,
          metrics: typical.metrics,
          lost: typical.lost,
        });
        process.stdout.write('.');
      }
    }
    process.stdout.write('\n\n');

    const header = ['page', 'form factor', ...categories];
    const rows = results.map((r) => [r.page, r.formFactor, ...categories.map((id) => String(r.scores[id]))]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells) =>
      cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(
      `targets: ${categories.map((id) => `${id} ≥ ${targets[id]}`).join(', ')}${runs > 1 ? `; median of ${runs} runs` : ''}`,
    );

    // The baseline: each page's mobile performance against its static copy's, in this run.
    for (const [page] of appPages) {
      const app = results.find((r) => r.page === page && r.formFactor === 'mobile');
      const copy = results.find((r) => r.page === `${page}, static` && r.formFactor === 'mobile');
      console.log(
        `${page}, mobile: performance ${app.scores.performance} against ${copy.scores.performance} as static HTML; ` +
          `first contentful paint ${app.metrics['first-contentful-paint']} against ${copy.metrics['first-contentful-paint']}, ` +
          `largest ${app.metrics['largest-contentful-paint']} against ${copy.metrics['largest-contentful-paint']}`,
      );
    }

    let failed = false;
    for (const r of results.filter((result) => !result.page.endsWith(', static'))) {
      const under = categories.filter((id) => r.scores[id] < targets[id]);
      if (under.length === 0) continue;
      failed = true;
      console.log(`\n${r.page}, ${r.formFactor}: under target in ${under.join(', ')}`);
      for (const lost of r.lost.filter((l) => under.includes(l.category))) {
        console.log(`  ${lost.category}: ${lost.id} (${lost.title})${lost.value ? `: ${lost.value}` : ''}`);
      }
    }

    const out = join(root, 'bench/results/lighthouse.json');
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify({ date: new Date().toISOString(), lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version, targets, results }, null, 2)}\n`,
    );
    console.log(`\nwrote ${out.slice(root.length)}`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    bare?.server.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
