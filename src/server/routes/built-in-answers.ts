import { createHash } from 'node:crypto';
import { builtInBasedOn, builtInMapIds, getBuiltInMap } from '../../domain/built-in/index';

export interface CachedAnswer {
  body: string;
  etag: string;
  cacheControl: string;
}

/**
 * The API answers for the built-in maps, serialised once. Their content can change with a new
 * release, so the ETag is a hash of the body and caches revalidate after five minutes.
 */
export function builtInAnswers(): ReadonlyMap<string, CachedAnswer> {
  return new Map(
    builtInMapIds.map((id) => {
      const { version, published, data } = getBuiltInMap(id)!;
      // PRODUCT §5.2: `basedOn` between `published` and `data`, as a published map's (rule B4).
      const basedOn = builtInBasedOn(id);
      const body = JSON.stringify({
        status: 'ok',
        version,
        published,
        ...(basedOn ? { basedOn } : {}),
        data,
      });
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      return [id, { body, etag, cacheControl: 'public, max-age=300' }] as const;
    }),
  );
}
