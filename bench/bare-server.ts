import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// The baseline of bench/http.bench.ts: the least an HTTP server on this Node can do for the same
// requests. GET answers the app's exact answer bytes for the benchmarked map: its page under
// /map/ (gzipped, as the app answers a browser), the answer for its set of 100 maps under /api/maps, its JSON elsewhere; POST reads the body, parses the JSON and answers ok. No routing beyond
// that, no validation, headers or database.
// Run by the benchmark as a process of its own: HOST, PORT, BARE_GET_BODY_FILE, BARE_PAGE_BODY_FILE,
// BARE_SET_BODY_FILE.
// Any GET, /healthz included, answers 200, which is how the benchmark knows it is listening.

const port = Number(process.env.PORT);
const getBody = readFileSync(process.env.BARE_GET_BODY_FILE!);
const pageBody = readFileSync(process.env.BARE_PAGE_BODY_FILE!);
const setBody = readFileSync(process.env.BARE_SET_BODY_FILE!);
const postAnswer = Buffer.from(
  '{"status":"ok","data":{"mapId":"bare-server-000000000000","published":"2026-11-20T10:00:00.000Z"}}',
);

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url?.startsWith('/map/')) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
    response.end(pageBody);
    return;
  }
  if (request.method === 'GET' && request.url?.startsWith('/api/maps?')) {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(setBody);
    return;
  }
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(getBody);
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(postAnswer);
    } catch {
      response.writeHead(400).end();
    }
  });
});
server.keepAliveTimeout = 10_000;
server.listen(port, process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
