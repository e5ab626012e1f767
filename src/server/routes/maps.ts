import type { FastifyInstance, FastifyReply } from 'fastify';
import { createSchemas, describeFirstIssue } from '../../domain/belief-map';
import { mapLifetimeMs } from '../../domain/limits';
import { isMapId, mapIdFormatError } from '../../domain/map-id';
import { bodyBudget, holdBodyBudget } from '../body-budget';
import type { Config } from '../config';
import { emptyBodyMessage, errorBody } from '../errors';
import { newMapId } from '../ids';
import { acceptMapBodies } from '../json-body';
import type { PublishOutcomes } from '../publish-outcomes';
import type { PublishedMaps } from '../published-maps';
import type { MapStore } from '../store/map-store';
import { builtInAnswers } from './built-in-answers';

export interface MapRoutesOptions {
  config: Config;
  store: MapStore;
  /** Published maps as this instance serves them, shared with the pages' link previews. */
  maps: PublishedMaps;
  /** Where each publish's outcome is told, for /healthz. */
  publishes: PublishOutcomes;
  now: () => Date;
}

/** PRODUCT §5.2, §5.3: read a published or built-in map, and publish a new one. */
export async function mapRoutes(
  app: FastifyInstance,
  { config, store, maps, publishes, now }: MapRoutesOptions,
): Promise<void> {
  const { createMapRequest } = createSchemas(config.limits);
  const builtIns = builtInAnswers();
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

function sendCached(
  reply: FastifyReply,
  ifNoneMatch: string | undefined,
  etag: string,
  cacheControl: string,
  body: string | Buffer,
): FastifyReply {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (
    ifNoneMatch &&
    ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}` || tag === '*')
  ) {
    return reply.code(304).send();
  }
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}
