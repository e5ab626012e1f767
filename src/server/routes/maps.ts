import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createSchemas, describeFirstIssue } from '../../domain/belief-map';
import { builtInMapIds, getBuiltInMap } from '../../domain/built-in/index';
import { parseMapSetIds } from '../../domain/discussion/map-set';
import { mapLifetimeMs } from '../../domain/limits';
import { isMapId, mapIdFormatError } from '../../domain/map-id';
import type { PublishAnswer } from '../../domain/response-answers';
import { listingRefusal, parseResponseFields } from '../../domain/responses';
import { bodyBudget, holdBodyBudget } from '../http/body-budget';
import type { Config } from '../config';
import { emptyBodyMessage, errorBody } from '../http/errors';
import { acceptsGzip } from '../http/accept-encoding';
import { matchesEtag } from '../http/etag';
import { newAuthorKey } from '../publishing/author-key';
import { newMapId } from '../publishing/ids';
import { responseSummaryColumns } from '../publishing/response-summary';
import { acceptMapBodies } from '../http/json-body';
import { mapPreview } from '../pages/page-meta';
import type { PreviewImages } from '../pages/preview-images';
import type { PublishOutcomes } from '../publishing/publish-outcomes';
import type { PublishedMaps } from '../pages/published-maps';
import type { ListingQuota } from '../rate-limit/listing-quota';
import type { PublishQuota } from '../rate-limit/publish-quota';
import type { MapStore, StoredMap } from '../store/map-store';
import { builtInAnswers } from './built-in-answers';

export interface MapRoutesOptions {
  config: Config;
  store: MapStore;
  /** Published maps as this instance serves them, shared with the pages' link previews. */
  maps: PublishedMaps;
  /** Link-preview pictures, each rendered once (PRODUCT §8.4). */
  images: PreviewImages;
  /** Where each publish's outcome is told, for /healthz. */
  publishes: PublishOutcomes;
  /** The bytes publishing may store, per client and in all, in a day. */
  quota: PublishQuota;
  /** The responses a client address may list in an hour (PRODUCT §5.5). */
  listing: ListingQuota;
  now: () => Date;
}

/** PRODUCT §5.2, §5.3: read a published or built-in map, and publish a new one. */
export async function mapRoutes(
  app: FastifyInstance,
  { config, store, maps, images, publishes, quota, listing, now }: MapRoutesOptions,
): Promise<void> {
  const { createMapRequest } = createSchemas(config.limits);
  const builtIns = builtInAnswers();
  const builtInPreviews = new Map(
    builtInMapIds.map((id) => [id, mapPreview(getBuiltInMap(id)!.data)] as const),
  );
  acceptMapBodies(app, config.limits, config.bodyLimitBytes);
  // PRODUCT §5.9: each built-in map as one item of a set's answer, made once.
  const builtInItems = new Map(
    [...builtIns].map(([id, answer]) => [
      id,
      `{"mapId":"${id}",${answer.body.slice('{"status":"ok",'.length)}`,
    ]),
  );
  // PRODUCT §5.9: a set's answer is made once and kept until its first map expires, so that a
  // discussion opened by many costs one database query per instance, not one per visit.
  const setAnswers = new LRUCache<string, SetAnswer>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (answer) => Math.max(1, answer.body.length + (answer.gzipped?.length ?? 0)),
  });

  // PRODUCT §3.3: the limits this server enforces, which its forms check as the user types. They
  // change only with the configuration, so a minute's cache costs nothing.
  const limitsBody = JSON.stringify({ status: 'ok', limits: config.limits });
  app.get('/api/limits', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').type('application/json').send(limitsBody),
  );

  app.get<{ Params: { id: string } }>('/api/map/:id', async (request, reply) => {
    const { id } = request.params;
    if (!isMapId(id)) return reply.code(400).send(errorBody(mapIdFormatError(id)));

    const builtIn = builtIns.get(id);
    if (builtIn)
      return sendCached(
        reply,
        request.headers['if-none-match'],
        builtIn.etag,
        builtIn.cacheControl,
        builtIn.body,
      );

    const at = now();
    const map = await maps.get(id, at);
    if (!map) return reply.code(404).send(errorBody(`Map ${id} does not exist or has expired`));
    // Published maps never change, so they may be cached by anyone until they expire (PRODUCT §5.2).
    const secondsLeft = Math.max(0, Math.floor((map.expiresAt - at.getTime()) / 1000));
    // A large map is answered gzipped to the clients that take it (all browsers), gzipped once per
    // instance and kept with the map: a 1,000-reason map's 762 KB of JSON crosses a phone's link in
    // a fraction of the time. Both forms are the one map, so they share its ETag.
    const gzipped = acceptsGzip(request.headers['accept-encoding']) ? await map.gzipped() : null;
    if (gzipped || map.answer.length > 1024) reply.header('vary', 'Accept-Encoding');
    return sendCached(
      reply,
      request.headers['if-none-match'],
      `"${id}"`,
      `public, max-age=${secondsLeft}, immutable`,
      gzipped ?? map.answer,
      gzipped ? 'gzip' : null,
    );
  });

  // PRODUCT §5.9: several maps in one request and one database query (rule N13).
  app.get<{ Querystring: { ids?: unknown } }>('/api/maps', async (request, reply) => {
    const parsed = parseMapSetIds(request.query.ids);
    if (!parsed.ok) return reply.code(400).send(errorBody(parsed.error));
    const ids = parsed.value;
    const key = ids.join(',');
    const at = now();
    let answer = setAnswers.get(key);
    if (!answer || answer.expiresAt <= at.getTime()) {
      const wanted = ids.filter((id) => !builtInItems.has(id) && isMapId(id));
      const stored = new Map((await store.getMany(wanted, at)).map((map) => [map.id, map]));
      answer = setAnswer(ids, builtInItems, stored);
      // Gzipped once, on libuv's thread pool, for the browsers that take it (all of them): 100 maps
      // of 200 reasons are 2.9 MB of JSON, 0.33 MB gzipped, which a phone's link carries in
      // a ninth of the time (gzipping it takes about 45 ms, off the event loop).
      if (answer.body.length > 1024) answer.gzipped = await gzipAsync(answer.body);
      setAnswers.set(key, answer, {
        ttl: Math.max(1, Math.min(setMaxAgeSeconds * 1000, answer.expiresAt - at.getTime())),
      });
    }
    const secondsLeft = Math.floor((answer.expiresAt - at.getTime()) / 1000);
    const gzipped = answer.gzipped && acceptsGzip(request.headers['accept-encoding']);
    return sendCached(
      reply.header('vary', 'Accept-Encoding'),
      request.headers['if-none-match'],
      answer.etag,
      `public, max-age=${Math.max(0, Math.min(secondsLeft, setMaxAgeSeconds))}`,
      gzipped ? answer.gzipped! : answer.body,
      gzipped ? 'gzip' : null,
    );
  });

  // PRODUCT §8.4: the link-preview picture of a published or built-in map, cached as its map is.
  // A revalidation that matches is answered before anything is drawn.
  app.get<{ Params: { id: string } }>('/api/map/:id/preview.png', async (request, reply) => {
    const { id } = request.params;
    if (!isMapId(id)) return reply.code(400).send(errorBody(mapIdFormatError(id)));
    const ifNoneMatch = request.headers['if-none-match'];

    const builtIn = builtIns.get(id);
    const builtInPreview = builtInPreviews.get(id);
    if (builtIn && builtInPreview) {
      // The picture changes with the map's content, which its API answer's ETag already hashes.
      const etag = `"png-${builtIn.etag.slice(1)}`;
      if (matchesEtag(ifNoneMatch, etag)) return notModified(reply, etag, builtIn.cacheControl);
      const png = await images.get(id, builtInPreview);
      return sendPng(reply, etag, builtIn.cacheControl, png);
    }

    const at = now();
    const map = await maps.get(id, at);
    if (!map) return reply.code(404).send(errorBody(`Map ${id} does not exist or has expired`));
    const msLeft = Math.max(0, map.expiresAt - at.getTime());
    const cacheControl = `public, max-age=${Math.floor(msLeft / 1000)}, immutable`;
    const etag = `"png-${id}"`;
    if (matchesEtag(ifNoneMatch, etag)) return notModified(reply, etag, cacheControl);
    const png = await images.get(id, map.preview(), msLeft);
    return sendPng(reply, etag, cacheControl, png);
  });

  app.post(
    '/api/map/create',
    {
      bodyLimit: config.bodyLimitBytes,
      preParsing: holdBodyBudget(
        bodyBudget(config.maxBodyBytesInFlight, config.bodyLimitBytes),
        config.minBodyBytesPerSecond,
      ),
      config:
        config.createRateLimit > 0 ? { rateLimit: { max: config.createRateLimit, timeWindow: 60_000 } } : {},
    },
    async (request, reply) => {
      if (request.body === undefined) return reply.code(400).send(errorBody(emptyBodyMessage));
      const parsed = createMapRequest.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send(errorBody(describeFirstIssue(parsed.error)));
      const fields = parseResponseFields(request.body);
      if (!fields.ok) return reply.code(400).send(errorBody(fields.error));
      const { basedOn } = fields.value;
      const at = now();
      // PRODUCT §5.5: the map answered must exist now; a built-in one always does.
      if (basedOn !== null && !builtIns.has(basedOn) && !(await maps.get(basedOn, at)))
        return reply.code(400).send(errorBody(`basedOn ${basedOn} names no published map`));
      // The server sets `published` itself; the client's value is ignored (PRODUCT §5.3). The answer
      // carries it, so the client can show the map it sent without reading it back.
      const published = at.toISOString();
      const dataJson = JSON.stringify(parsed.data.data);
      const refused = await quota.take(request.ip, Buffer.byteLength(dataJson));
      if (refused)
        return reply
          .code(refused.statusCode)
          .header('retry-after', String(refused.retryAfterSeconds))
          .send(errorBody(refused.message));
      // Rule A3, then the listing limit, counted only for a map that would be listed.
      const refusal = listingRefusal(fields.value.listed, basedOn) ?? (await listing.take(request.ip));
      const listed = refusal === null;
      const authorKey = newAuthorKey();
      let id: string;
      try {
        id = await store.publish(
          {
            published,
            expiresAt: at.getTime() + mapLifetimeMs,
            dataJson,
            basedOn,
            listed,
            // PRODUCT §5.6: what a list of responses shows, stored beside a response's text.
            ...(basedOn === null ? {} : responseSummaryColumns(parsed.data.data)),
            authorKeyHash: authorKey.hash,
          },
          () => newMapId(parsed.data.data.title),
        );
      } catch (error) {
        publishes.record(false, dataJson.length);
        throw error;
      }
      publishes.record(true, dataJson.length);
      const data: PublishAnswer = {
        mapId: id,
        published,
        authorKey: authorKey.key,
        listed,
        ...(fields.value.listed && refusal !== null ? { unlistedReason: refusal } : {}),
      };
      // The author key is answered this once (PRODUCT §5.5): no cache may keep it.
      return reply.code(200).header('cache-control', 'no-store').send({ status: 'ok', data });
    },
  );
}

/** A set's answer is revalidated after five minutes, as a built-in map's is (PRODUCT §5.9). */
const setMaxAgeSeconds = 300;

const gzipAsync = promisify(gzip);

interface SetAnswer {
  body: Buffer;
  /** The body gzipped, when over 1 KB (where gzip saves something). */
  gzipped?: Buffer;
  etag: string;
  /** When its first published map expires (epoch ms); never (the largest number) with none. */
  expiresAt: number;
}

/**
 * The answer to `GET /api/maps` for `ids` (PRODUCT §5.9): each map found as `GET /api/map/{id}`
 * answers it, with its `mapId` first and without `status`, in the order of `ids`; the others missing.
 */
function setAnswer(
  ids: readonly string[],
  builtInItems: ReadonlyMap<string, string>,
  stored: ReadonlyMap<string, StoredMap>,
): SetAnswer {
  const items: string[] = [];
  const missing: string[] = [];
  let expiresAt = Number.MAX_SAFE_INTEGER;
  for (const id of ids) {
    const builtIn = builtInItems.get(id);
    const map = stored.get(id);
    if (builtIn) items.push(builtIn);
    else if (map) {
      expiresAt = Math.min(expiresAt, map.expiresAt);
      items.push(
        `{"mapId":"${id}","version":"1.0","published":${JSON.stringify(map.published)},${
          map.basedOn === null ? '' : `"basedOn":${JSON.stringify(map.basedOn)},`
        }"data":${map.dataJson}}`,
      );
    } else missing.push(id);
  }
  const body = Buffer.from(
    `{"status":"ok","data":{"maps":[${items.join(',')}],"missing":${JSON.stringify(missing)}}}`,
  );
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, expiresAt };
}

function notModified(reply: FastifyReply, etag: string, cacheControl: string): FastifyReply {
  return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
}

function sendPng(reply: FastifyReply, etag: string, cacheControl: string, png: Buffer): FastifyReply {
  return reply
    .code(200)
    .header('etag', etag)
    .header('cache-control', cacheControl)
    .type('image/png')
    .send(png);
}

function sendCached(
  reply: FastifyReply,
  ifNoneMatch: string | undefined,
  etag: string,
  cacheControl: string,
  body: string | Buffer,
  encoding: 'gzip' | null = null,
): FastifyReply {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}
