// @ts-check
// Looping connections for tests/reliability/map-set-flood.test.ts: each asks for one URL again as
// soon as it is answered, until told to stop, on a thread of its own, so that receiving megabytes
// of answers never delays the test's own timed requests (the honest reader). Plain JavaScript: a
// worker thread does not inherit the TypeScript loader of the thread that starts it.
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {object} LoopData
 * @property {string} url What to GET.
 * @property {number} connections How many connections loop at once.
 * @property {boolean} walk Ask for the next page each answer names (`&after={next}`), then again from the first.
 * @property {Record<string, string>} headers Sent with each request.
 */

/**
 * @typedef {object} LoopAnswer
 * @property {number | null} status null when the request failed
 * @property {number} bytes As they came (gzipped when they were)
 */

const { url, connections, walk, headers } = /** @type {LoopData} */ (workerData);
let looping = true;
parentPort?.once('message', () => (looping = false));

/**
 * Reads an answer, keeping only its length and its last bytes, where a page's cursor is.
 * @param {string} target
 * @returns {Promise<LoopAnswer & { tail: string }>}
 */
function get(target) {
  return new Promise((resolve) => {
    const req = request(target, { agent: false, headers, timeout: 30_000 }, (response) => {
      let bytes = 0;
      let tail = '';
      response.on('data', (/** @type {Buffer} */ chunk) => {
        bytes += chunk.length;
        tail = (tail + chunk.subarray(-300).toString('latin1')).slice(-300);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? null, bytes, tail }));
      response.on('error', () => resolve({ status: null, bytes, tail }));
    });
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', () => resolve({ status: null, bytes: 0, tail: '' }));
    req.end();
  });
}

/** @type {LoopAnswer[]} */
const answers = [];

async function loop() {
  /** @type {string | null} */
  let after = null;
  while (looping) {
    const { status, bytes, tail } = await get(after ? `${url}&after=${after}` : url);
    answers.push({ status, bytes });
    after = walk ? (/"next":"([^"]+)"\}\}$/.exec(tail)?.[1] ?? null) : null;
  }
}

await Promise.all(Array.from({ length: connections }, loop));
parentPort?.postMessage(answers);
