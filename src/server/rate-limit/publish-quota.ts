import type { Buckets } from './buckets';

// What publishing may store (PRODUCT §14): besides the publishes a minute of the rate limit, the
// bytes of maps one client address may store in a day, and those all clients together may. At the
// rate limit alone, one address could store 60 + 3,600 maps of ~2 MB an hour, 7.4 GB, each kept
// 90 days. Both are token buckets of bytes, in the same buckets as the rate limit (Redis when it is
// set, shared by every instance; otherwise the machine's primary), refilled over a day: a client
// may store its day's bytes at once, and then more as they refill.

const dayMs = 24 * 60 * 60 * 1000;

export interface PublishQuotaLimits {
  /** Bytes one client address may store in a day; 0: no bound. */
  clientBytesPerDay: number;
  /** Bytes all clients together may store in a day; 0: no bound. */
  bytesPerDay: number;
}

/** Why a publish is refused, as the answer says it. */
interface QuotaRefusal {
  statusCode: 429 | 507;
  retryAfterSeconds: number;
  message: string;
}

export interface PublishQuota {
  /** Counts `bytes` to be stored for `client`; a refusal when either bound has no room for them. */
  take(client: string, bytes: number): Promise<QuotaRefusal | null>;
}

const size = (bytes: number) =>
  bytes >= 1e6 ? `${Math.round(bytes / 1e6).toLocaleString('en')} MB` : `${Math.ceil(bytes / 1e3)} KB`;
const later = (ms: number) =>
  ms >= 2 * 60 * 60 * 1000 ? `${Math.ceil(ms / (60 * 60 * 1000))} h` : `${Math.ceil(ms / 60_000)} min`;

export function publishQuota(buckets: Buckets, limits: PublishQuotaLimits): PublishQuota {
  return {
    async take(client, bytes) {
      if (limits.clientBytesPerDay > 0) {
        const taken = await buckets.take(`bytes:${client}`, dayMs, limits.clientBytesPerDay, bytes);
        if (taken.current > limits.clientBytesPerDay)
          return {
            statusCode: 429,
            retryAfterSeconds: Math.ceil(taken.ttl / 1000),
            message: `This address has published its ${size(limits.clientBytesPerDay)} of maps for today; try again in ${later(taken.ttl)}`,
          };
      }
      if (limits.bytesPerDay > 0) {
        const taken = await buckets.take('bytes:*', dayMs, limits.bytesPerDay, bytes);
        if (taken.current > limits.bytesPerDay)
          return {
            statusCode: 507,
            retryAfterSeconds: Math.ceil(taken.ttl / 1000),
            message: `The server has stored all the maps it takes today; try again in ${later(taken.ttl)}`,
          };
      }
      return null;
    },
  };
}
