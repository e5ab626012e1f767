import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ResponsesPage, ResponseSummary, ThreadAnswer } from '../../domain/response-answers';
import { builtInPublished, builtInThread, getBuiltInMap, isBuiltInMapId } from '../../domain/built-in/index';
import { isMapId, mapIdFormatError } from '../../domain/map-id';
import {
  decodeResponsesCursor,
  encodeResponsesCursor,
  responsesCursorError,
  responsesPageSize,
  threadMaxMaps,
  type ResponsesCursor,
} from '../../domain/responses';
import { errorBody } from '../http/errors';
import { matchesEtag } from '../http/etag';
import type { PublishedMaps } from '../pages/published-maps';
import { authorKeyHeader, matchesAuthorKey } from '../publishing/author-key';
import { readThread, type Thread } from '../publishing/thread';
import type { WrongKeyThrottle } from '../rate-limit/wrong-keys';
import type { MapStore, StoredResponse } from '../store/map-store';

export interface ResponseRoutesOptions {
  store: MapStore;
  maps: PublishedMaps;
  /** Wrong author keys counted per client address (PRODUCT §5.8). */
  wrongKeys: WrongKeyThrottle;
  now: () => Date;
}

/** Lists change as responses come and are hidden: shared caches may keep one for half a minute. */
const cacheControl = 'public, max-age=30';

/** PRODUCT §5.6–§5.8: a map's responses, its thread, and hiding a response. */
export async function responseRoutes(
  app: FastifyInstance,
  { store, maps, wrongKeys, now }: ResponseRoutesOptions,
): Promise<void> {
  /** True when `id` names a built-in map or a published one live at `at`. */
  const exists = async (id: string, at: Date) => isBuiltInMapId(id) || (await maps.get(id, at)) !== null;
  const notFound = (reply: FastifyReply, id: string) =>
    reply.code(404).send(errorBody(`Map ${id} does not exist or has expired`));

  app.get<{ Params: { id: string }; Querystring: { cursor?: unknown } }>(
    '/api/map/:id/responses',
    async (request, reply) => {
      const { id } = request.params;
      if (!isMapId(id)) return reply.code(400).send(errorBody(mapIdFormatError(id)));
      let after: ResponsesCursor | null = null;
      const { cursor } = request.query;
      if (cursor !== undefined) {
        const decoded = typeof cursor === 'string' ? decodeResponsesCursor(cursor) : null;
        if (!decoded?.ok) return reply.code(400).send(errorBody(responsesCursorError));
        after = decoded.value;
      }
      const at = now();
      if (!(await exists(id, at))) return notFound(reply, id);
      // One more than a page: finding it tells whether there is a next page.
      const found = await store.responses(id, at, after, responsesPageSize + 1);
      // A cursor that names no response of this map was never given by this server: refused, so
      // that no one can make up positions (rule A1).
      if (!found) return reply.code(400).send(errorBody(responsesCursorError));
      const page = found.slice(0, responsesPageSize);
      const last = page.at(-1);
      const next =
        found.length > responsesPageSize && last
          ? encodeResponsesCursor({ published: last.published, id: last.id as ResponsesCursor['id'] })
          : null;
      const data: ResponsesPage = { responses: page.map(summaryOf), next };
      return sendList(reply, request.headers['if-none-match'], { status: 'ok', data });
    },
  );

  app.get<{ Params: { id: string } }>('/api/map/:id/thread', async (request, reply) => {
    const { id } = request.params;
    if (!isMapId(id)) return reply.code(400).send(errorBody(mapIdFormatError(id)));
    const at = now();
    if (!(await exists(id, at))) return notFound(reply, id);
    // A built-in map's thread is the built-in maps answering it (rule B4): nothing published is
    // ever listed under one (PRODUCT §5.5), so the store is not asked.
    const thread = isBuiltInMapId(id) ? builtInThreadOf(id) : await readThread(store, id, at, threadMaxMaps);
    const data: ThreadAnswer = {
      mapId: id,
      maps: thread.maps.map((entry) => ({
        mapId: entry.id,
        title: entry.title,
        published: entry.published,
        basedOn: entry.basedOn,
      })),
      complete: thread.complete,
    };
    return sendList(reply, request.headers['if-none-match'], { status: 'ok', data });
  });

  app.delete<{ Params: { id: string; responseId: string } }>(
    '/api/map/:id/responses/:responseId',
    async (request, reply) => {
      const { id, responseId } = request.params;
      if (!isMapId(id)) return reply.code(400).send(errorBody(mapIdFormatError(id)));
      if (!isMapId(responseId)) return reply.code(400).send(errorBody(mapIdFormatError(responseId)));
      const at = now();
      // PRODUCT §5.8: an address that has tried its few wrong keys waits before it tries another.
      const waitSeconds = wrongKeys.waitBefore(request.ip);
      if (waitSeconds !== null) return tooManyWrongKeys(reply, waitSeconds);
      // Read from the store, not the cache of answers: the key's hash is kept only there. Only
      // the hash is read, never the map's text.
      const map = isBuiltInMapId(id) ? null : await store.authorKeyOf(id, at);
      if (!map && !isBuiltInMapId(id)) return notFound(reply, id);
      // A built-in map has no author, so no key: it is refused as a wrong key would be.
      if (!matchesAuthorKey(request.headers[authorKeyHeader], map?.authorKeyHash ?? null)) {
        const wait = await wrongKeys.countWrong(request.ip);
        if (wait !== null) return tooManyWrongKeys(reply, wait);
        return reply.code(403).send(errorBody(`The author key of map ${id} is missing or wrong`));
      }
      if (!(await store.hideResponse(id, responseId, at)))
        return reply.code(404).send(errorBody(`Map ${responseId} is not a response to map ${id}`));
      return reply.code(200).header('cache-control', 'no-store').send({ status: 'ok' });
    },
  );
}

/** The thread of the built-in map `rootId` (PRODUCT §4.3, §5.7): the built-in maps answering it. */
function builtInThreadOf(rootId: string): Thread {
  const maps = builtInThread(rootId).map(({ id, basedOn }) => ({
    id,
    title: getBuiltInMap(id)?.data.title ?? '',
    published: builtInPublished,
    basedOn,
  }));
  return { maps, complete: true };
}

/** A response as a list shows it (PRODUCT §5.6), from its stored summary (rule W5's figures). */
function summaryOf(response: StoredResponse): ResponseSummary {
  return {
    mapId: response.id,
    title: response.title,
    published: response.published,
    reasons: response.reasons,
    balance: JSON.parse(response.balance) as ResponseSummary['balance'],
  };
}

function tooManyWrongKeys(reply: FastifyReply, waitSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(waitSeconds))
    .send(errorBody(`Too many wrong author keys from this address; try again in ${waitSeconds} s`));
}

/** Sends `answer` with a hash of it as ETag, or 304 to a client that holds it. */
function sendList(reply: FastifyReply, ifNoneMatch: string | undefined, answer: unknown): FastifyReply {
  const body = JSON.stringify(answer);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}
