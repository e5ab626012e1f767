// @ts-check
// A crowd of readers for tests/reliability/render-flood.test.ts: it asks for every URL at once, on
// a thread of its own, so that receiving the crowd's answers never delays the test's own timed
// requests (the honest reader). Plain JavaScript: a worker thread does not inherit the TypeScript
// loader of the thread that starts it.
import { request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {object} FloodData
 * @property {string[]} urls What to GET, all at once.
 * @property {Record<string, string>} headers Sent with each request.
 * @property {number} timeoutMs After which a request is cut off.
 */

/**
 * @typedef {object} FloodAnswer
 * @property {number | null} status null when the request failed
 * @property {Record<string, string | string[] | undefined>} headers
 */

const { urls, headers, timeoutMs } = /** @type {FloodData} */ (workerData);

/**
 * @param {string} url
 * @returns {Promise<FloodAnswer>}
 */
function get(url) {
  return new Promise((resolve) => {
    const req = request(url, { headers, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? null, headers: response.headers }));
      response.on('error', () => resolve({ status: null, headers: response.headers }));
    });
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', () => resolve({ status: null, headers: {} }));
    req.end();
  });
}

parentPort?.postMessage(await Promise.all(urls.map(get)));
