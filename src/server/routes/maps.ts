import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createSchemas, describeFirstIssue, type MapData } from '../../domain/belief-map';
import { builtInMapIds, getBuiltInMap } from '../../domain/built-in/index';
import { briefOfMap } from '../../domain/discussion/map-brief';
import { parseMapSetIds } from '../../domain/discussion/map-set';
import { mapLifetimeMs } from '../../domain/limits';
import { isMapId, mapIdFormatError } from '../../domain/map-id';
import type { PublishAnswer } from '../../domain/response-answers';
import { listingRefusal, parseResponseFields } from '../../domain/responses';
import { err, ok, type Result } from '../../domain/result';
import { bodyBudget, holdBodyBudget } from '../http/body-budget';
import type { Config } from '../config';
import { emptyBodyMessage, errorBody } from '../http/errors';
import { acceptsGzip } from '../http/accept-encoding';
import { matchesEtag } from '../http/etag';
import { newAuthorKey } from '../publishing/author-key';
import { newMapId } from '../publishing/ids';
import { responseSummaryColumns } from '../../domain/response-summary';
import { acceptMapBodies } from '../http/json-body';
import { mapPreview } from '../pages/page-meta';
import type { PreviewImages } from '../pages/preview-images';
import type { PublishOutcomes } from '../publishing/publish-outcomes';
import type { PublishedMaps } from '../pages/published-maps';
import type { ListingQuota } from '../rate-limit/listing-quota';
import type { PublishQuota } from '../rate-limit/publish-quota';
import type { MapStore, StoredSetItem } from '../store/map-store';
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
  // PRODUCT §5.9: each built-in map as one item of a set's answer, whole and in brief, made once.
  const builtInItems = new Map(
    [...builtIns].map(([id, answer]) => {
      const whole = `{"mapId":"${id}",${answer.body.slice('{"status":"ok",'.length)}`;
      const { data, ...fields } = JSON.parse(whole) as { data: MapData };
      const brief = JSON.stringify({ ...fields, brief: briefOfMap(data) });
      return [id, { whole: Buffer.from(whole), brief: Buffer.from(brief), etag: answer.etag }] as const;
    }),
  );
  // PRODUCT §5.9: a set's page is made once and kept until its first map expires, so that a
  // discussion opened by many costs one read of the store per instance, not one per visit. A
  // page is at most `mapSetPageBytes` (and its gzipped copy less), so every page fits.
  const setAnswers = new LRUCache<string, SetAnswer>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (answer) => Math.max(1, answer.bytes + (answer.gzipped?.length ?? 0)),
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

  // PRODUCT §5.9: several maps in one request (rule N13), in brief unless their texts are asked
  // for (rule N16), in pages of at most `mapSetPageBytes`, read from the store as the page fills.
  app.get<{ Querystring: Record<string, unknown> }>('/api/maps', async (request, reply) => {
    const parsed = parseSetRequest(request.query);
    if (!parsed.ok) return reply.code(400).send(errorBody(parsed.error));
    const asked = parsed.value;
    const key = setKey(asked);
    const at = now();
    let answer = setAnswers.get(key);
    if (!answer || answer.expiresAt <= at.getTime()) {
      // Requests for one page that arrive together share its making, so a flood of one set
      // reads the store once per page, not once per request.
      let making = setsMaking.get(key);
      if (!making) {
        making = makeSetPage(asked, at).finally(() => setsMaking.delete(key));
        setsMaking.set(key, making);
      }
      answer = await making;
    }
    const secondsLeft = Math.floor((answer.expiresAt - at.getTime()) / 1000);
    const ifNoneMatch = request.headers['if-none-match'];
    const gzipped =
      answer.bytes > 1024 &&
      acceptsGzip(request.headers['accept-encoding']) &&
      !matchesEtag(ifNoneMatch, answer.etag);
    // Gzipped when first asked so, once, on libuv's thread pool (off the event loop), and kept:
    // a page of 4 MiB of briefs gzips to about a tenth.
    if (gzipped && !answer.gzipped) {
      answer.gzipping ??= gzipAsync(Buffer.concat(answer.body, answer.bytes));
      answer.gzipped = await answer.gzipping;
      const msLeft = Math.min(setMaxAgeSeconds * 1000, answer.expiresAt - at.getTime());
      if (setAnswers.get(key) === answer) setAnswers.set(key, answer, { ttl: Math.max(1, msLeft) });
    }
    return sendCached(
      reply.header('vary', 'Accept-Encoding'),
      ifNoneMatch,
      answer.etag,
      `public, max-age=${Math.max(0, Math.min(secondsLeft, setMaxAgeSeconds))}`,
      gzipped ? answer.gzipped! : answer.body,
      gzipped ? 'gzip' : null,
    );
  });
  const setsMaking = new Map<string, Promise<SetAnswer>>();
  const makeSetPage = async (asked: SetRequest, at: Date): Promise<SetAnswer> => {
    const key = setKey(asked);
    const page = await setPage(asked, builtInItems, store, at);
    const answer = setAnswer(key, page);
    setAnswers.set(key, answer, {
      ttl: Math.max(1, Math.min(setMaxAgeSeconds * 1000, answer.expiresAt - at.getTime())),
    });
    return answer;
  };

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
            briefJson: JSON.stringify(briefOfMap(parsed.data.data)),
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

/**
 * The most bytes of maps one page of `GET /api/maps` answers (PRODUCT §5.9): past it the page
 * ends and `next` names where the rest starts. A page holds at least one map, however large.
 * 4 MiB is about 100 briefs of 200 reasons, so a usual discussion is one page.
 */
export const mapSetPageBytes = 4 * 1024 * 1024;

/** A request for a page of a set (PRODUCT §5.9). */
interface SetRequest {
  /** In order of id (rule N13). */
  ids: readonly string[];
  /** The ids answered whole, with their texts; the others in brief (rule N16). */
  whole: ReadonlySet<string>;
  /** The page starts after this id, one of `ids` (a previous page's `next`); null for the first. */
  after: string | null;
}

/**
 * `ids`, `form` (`brief`, the default, or `full`), `texts` (ids among `ids` to answer whole) and
 * `after` (a previous page's `next`, which must be one of `ids`), or what is wrong with them.
 */
function parseSetRequest(query: Record<string, unknown>): Result<SetRequest> {
  const parsed = parseMapSetIds(query.ids);
  if (!parsed.ok) return parsed;
  const ids = parsed.value;
  const { form = 'brief', texts, after } = query;
  if (form !== 'brief' && form !== 'full') return err('form must be brief or full');
  if (texts !== undefined && typeof texts !== 'string')
    return err('texts must name maps of ids, e.g. texts=a,b');
  if (after !== undefined && (typeof after !== 'string' || !ids.includes(after)))
    return err("after must be one of ids, as a page's next gives it");
  const textIds = new Set((texts ?? '').split(',').map((id) => id.trim()));
  return ok({
    ids,
    whole: new Set(form === 'full' ? ids : ids.filter((id) => textIds.has(id))),
    after: after ?? null,
  });
}

/** A built-in map as an item of a set's answer, whole and in brief, and its answer's ETag. */
interface BuiltInItem {
  whole: Buffer;
  brief: Buffer;
  etag: string;
}

/** One key per page asked: where it starts, which maps come whole, and the set. */
function setKey({ after, whole, ids }: SetRequest): string {
  return `${after ?? ''}|${[...whole].join(',')}|${ids.join(',')}`;
}

interface SetPage {
  /** The maps' items as UTF-8, each one or more parts, joined only into the answer's body. */
  items: Buffer[][];
  /**
   * What the page holds, in brief: the published maps' ids (a published map never changes) and
   * the built-in maps' ETags (theirs change with a release).
   */
  holds: string[];
  missing: string[];
  /** The last id this page covers, when more follow; null on the last page. */
  next: string | null;
  expiresAt: number;
}

/**
 * A page of the set `asked` (PRODUCT §5.9): from the id after `asked.after`, each map found as
 * `GET /api/map/{id}` answers it (or with `brief` for `data`), with its `mapId` first and without
 * `status`, and the ids not found as missing, until the next map would take the page past
 * `mapSetPageBytes`. The store's rows are read as the page fills and no further.
 */
async function setPage(
  asked: SetRequest,
  builtInItems: ReadonlyMap<string, BuiltInItem>,
  store: MapStore,
  at: Date,
): Promise<SetPage> {
  const ids = asked.after === null ? asked.ids : asked.ids.slice(asked.ids.indexOf(asked.after) + 1);
  const wanted = ids.filter((id) => !builtInItems.has(id) && isMapId(id));
  const stored = store.mapSet(wanted, at, asked.whole)[Symbol.asyncIterator]();
  const page: SetPage = { items: [], holds: [], missing: [], next: null, expiresAt: Number.MAX_SAFE_INTEGER };
  let bytes = 0;
  let row = await stored.next();
  try {
    for (const [n, id] of ids.entries()) {
      const builtIn = builtInItems.get(id);
      const map = !builtIn && !row.done && row.value.id === id ? row.value : null;
      const item = builtIn ? [asked.whole.has(id) ? builtIn.whole : builtIn.brief] : map && setItem(map);
      if (item === null) {
        page.missing.push(id);
        continue;
      }
      const size = item.reduce((sum, part) => sum + part.length, 0);
      if (page.items.length > 0 && bytes + size > mapSetPageBytes) {
        page.next = ids[n - 1]!;
        return page;
      }
      bytes += size;
      page.items.push(item);
      page.holds.push(builtIn ? builtIn.etag : id);
      if (map) {
        page.expiresAt = Math.min(page.expiresAt, map.expiresAt);
        row = await stored.next();
      }
    }
    return page;
  } finally {
    // Stops the store's reading where the page ended.
    await stored.return?.();
  }
}

/** A stored map as an item of a set's answer: as `GET /api/map/{id}` answers it, or in brief. */
function setItem(map: StoredSetItem): Buffer[] {
  const head = `{"mapId":"${map.id}","version":"1.0","published":${JSON.stringify(map.published)},${
    map.basedOn === null ? '' : `"basedOn":${JSON.stringify(map.basedOn)},`
  }"${map.whole ? 'data' : 'brief'}":`;
  return [Buffer.from(head), map.json, closingBrace];
}

const closingBrace = Buffer.from('}');
const comma = Buffer.from(',');

interface SetAnswer {
  /**
   * The body in parts: the stored maps' bytes as read, written to the socket one after the other
   * rather than copied into one buffer of megabytes first.
   */
  body: Buffer[];
  bytes: number;
  /** The body gzipped, once a client that takes gzip has asked for it (over 1 KB only). */
  gzipped?: Buffer;
  gzipping?: Promise<Buffer>;
  etag: string;
  /** When its first published map expires (epoch ms); never (the largest number) with none. */
  expiresAt: number;
}

/**
 * The answer for the page `page` of the request `key`. Its ETag hashes what the page holds rather
 * than its megabytes: the same request holding the same maps is the same answer.
 */
function setAnswer(key: string, { items, holds, missing, next, expiresAt }: SetPage): SetAnswer {
  const body = [
    Buffer.from('{"status":"ok","data":{"maps":['),
    ...items.flatMap((parts, n) => (n === 0 ? parts : [comma, ...parts])),
    Buffer.from(`],"missing":${JSON.stringify(missing)},"next":${JSON.stringify(next)}}}`),
  ];
  const etag = `"${createHash('sha256')
    .update(`${key}|${holds.join(',')}`)
    .digest('base64url')
    .slice(0, 27)}"`;
  return { body, bytes: body.reduce((sum, part) => sum + part.length, 0), etag, expiresAt };
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
  body: string | Buffer | readonly Buffer[],
  encoding: 'gzip' | null = null,
): FastifyReply {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  reply.code(200).type('application/json; charset=utf-8');
  if (!Array.isArray(body)) return reply.send(body);
  // Parts are written one after the other, never copied into one buffer first.
  const parts = body as readonly Buffer[];
  const bytes = parts.reduce((sum, part) => sum + part.length, 0);
  return reply.header('content-length', bytes).send(Readable.from(parts));
}
