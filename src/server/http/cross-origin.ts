import type { FastifyInstance } from 'fastify';

// PRODUCT §11.5: a page on any site may embed Belief Map by /embed.js. Its browser then loads the
// app's scripts, stylesheets and fonts, and reads published maps from the API, across origins: each
// of those answers says any origin may read it (without credentials: nothing here depends on a
// cookie). Publishing is not among them: a POST from another origin needs a preflight, which is
// never answered, so no other site can make its visitors publish.

/** True for a path whose GET any origin may read: the API's reads, the app's files, /embed.js. */
function readableAnywhere(path: string): boolean {
  return (
    path.startsWith('/api/') ||
    path.startsWith('/assets/') ||
    path === '/embed.js' ||
    /^\/[^/]+\.(?:svg|png|ico|woff2?)$/.test(path)
  );
}

/** Adds `Access-Control-Allow-Origin: *` and a cross-origin resource policy to those GETs' answers. */
export function allowCrossOriginReads(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const query = request.url.indexOf('?');
      if (readableAnywhere(query === -1 ? request.url : request.url.slice(0, query)))
        reply
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin');
    }
    done();
  });
}
