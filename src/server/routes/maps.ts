import type { FastifyInstance, FastifyReply } from 'fastify';
import { createSchemas, describeFirstIssue } from '../../domain/belief-map';
import { builtInMapIds, getBuiltInMap } from '../../domain/built-in/index';
import { mapLifetimeMs } from '../../domain/limits';
import { isMapId, mapIdFormatError } from '../../domain/map-id';
import { bodyBudget, holdBodyBudget } from '../body-budget';
import type { Config } from '../config';
import { emptyBodyMessage, errorBody } from '../errors';
import { matchesEtag } from '../etag';
import { newMapId } from '../ids';
import { acceptMapBodies } from '../json-body';
import { mapPreview } from '../page-meta';
import type { PreviewImages } from '../preview-images';
import type { PublishOutcomes } from '../publish-outcomes';
import type { PublishedMaps } from '../published-maps';
import type { MapStore } from '../store/map-store';
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
  now: () => Date;
}

/** PRODUCT §5.2, §5.3: read a published or built-in map, and publish a new one. */
export async function mapRoutes(
  app: FastifyInstance,
  { config, store, maps, images, publishes, now }: MapRoutesOptions,
): Promise<void> {
  const { createMapRequest } = createSchemas(config.limits);
  const builtIns = builtInAnswers();
  const builtInPreviews = new Map(
    builtInMapIds.map((id) => [id, mapPreview(getBuiltInMap(id)!.data)] as const),
  );
  acceptMapBodies(app, config.limits, config.bodyLimitBytes);

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
    return sendCached(
      reply,
      request.headers['if-none-match'],
      `"${id}"`,
      `public, max-age=${secondsLeft}, immutable`,
      map.answer,
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
        config.bodyLimitBytes,
      ),
      config:
        config.createRateLimit > 0 ? { rateLimit: { max: config.createRateLimit, timeWindow: 60_000 } } : {},
    },
    async (request, reply) => {
      if (request.body === undefined) return reply.code(400).send(errorBody(emptyBodyMessage));
      const parsed = createMapRequest.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send(errorBody(describeFirstIssue(parsed.error)));
      const at = now();
      // The server sets `published` itself; the client's value is ignored (PRODUCT §5.3). The answer
      // carries it, so the client can show the map it sent without reading it back.
      const published = at.toISOString();
      const dataJson = JSON.stringify(parsed.data.data);
      let id: string;
      try {
        id = await store.publish({ published, expiresAt: at.getTime() + mapLifetimeMs, dataJson }, () =>
          newMapId(parsed.data.data.title),
        );
      } catch (error) {
        publishes.record(false, dataJson.length);
        throw error;
      }
      publishes.record(true, dataJson.length);
      return reply.code(200).send({ status: 'ok', data: { mapId: id, published } });
    },
  );
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
): FastifyReply {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}
