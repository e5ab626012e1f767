// @ts-check
// The attacker of tests/reliability/attack.test.ts, on a thread of its own so that its event
// loop, busy sending hundreds of megabytes, never delays the test's own timed requests. Plain
// JavaScript: a worker thread does not inherit the TypeScript loader of the thread that starts it.
import { Buffer } from 'node:buffer';
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {object} AttackData
 * @property {string} url The publish URL.
 * @property {string} body The hostile body.
 * @property {string[]} addresses Local addresses to send from, in turn.
 * @property {number} count How many to send at once.
 */

const { url, body, addresses, count } = /** @type {AttackData} */ (workerData);
const length = String(Buffer.byteLength(body));

/**
 * @param {string} localAddress
 * @returns {Promise<string>} the status, or the error that cut the request off
 */
function publish(localAddress) {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      localAddress,
      headers: { 'content-type': 'application/json', 'content-length': length },
    });
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
      response.on('error', () => resolve(String(response.statusCode)));
    });
    req.on('error', (error) => resolve(/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message));
    req.end(body);
  });
}

const outcomes = await Promise.all(
  Array.from({ length: count }, (_, i) => publish(addresses[i % addresses.length] ?? '127.0.0.1')),
);
parentPort?.postMessage(outcomes);
