import { request, type Agent } from 'node:http';

// One HTTP request over node:http that always settles: an answer, or the error that cut it off
// (a killed server resets its connections). For tests that load a server process.

export interface Answer {
  /** null when the request got no answer. */
  status: number | null;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  error?: string;
}

export interface SendOptions {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  agent?: Agent | false;
  /** The client's own address: 127.0.0.x on loopback, to stand for different clients. */
  localAddress?: string;
  timeoutMs?: number;
}

export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(options.body === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(options.body)),
              }),
          ...options.headers,
        },
        ...(options.agent === undefined ? {} : { agent: options.agent }),
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? null, body: text, headers: response.headers }),
        );
        response.on('error', (error) =>
          resolve({ status: null, body: text, headers: response.headers, error: error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', (error) => resolve({ status: null, body: '', headers: {}, error: error.message }));
    req.end(options.body);
  });
}

/** The id a publish answer names. */
export function publishedId(answer: Answer): string {
  return (JSON.parse(answer.body) as { data: { mapId: string } }).data.mapId;
}

/** What GET /healthz answers: ok, or which of its checks failed (PRODUCT §14). */
export function healthBody(problems: { database?: 'unavailable'; publishes?: 'failing' } = {}) {
  const database = problems.database ?? 'ok';
  const publishes = problems.publishes ?? 'ok';
  if (database === 'ok' && publishes === 'ok') return { status: 'ok', database, publishes };
  const wrong = [
    database === 'ok' ? null : 'the maps table cannot be read',
    publishes === 'ok' ? null : 'the last publishes all failed',
  ].filter(Boolean);
  return { status: 'error', message: `Unhealthy: ${wrong.join('; ')}`, database, publishes };
}
