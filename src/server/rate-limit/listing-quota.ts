import type { Buckets } from './buckets';

// PRODUCT §5.5: a client address may list 30 responses an hour, across all maps, on top of the
// publish limits: a token bucket in the same buckets as the rate limit (Redis when it is set,
// shared by every instance). Past it a map is still published, only not listed, so a flood of
// responses cannot bury a map's list while no author loses what they wrote.

const listedPerHour = 30;
const hourMs = 60 * 60 * 1000;

export interface ListingQuota {
  /** Counts one listed response for `client`; the reason it is not listed, or null when it is. */
  take(client: string): Promise<string | null>;
}

export function listingQuota(buckets: Buckets): ListingQuota {
  return {
    async take(client) {
      const taken = await buckets.take(`listed:${client}`, hourMs, listedPerHour);
      if (taken.current <= listedPerHour) return null;
      return `This address has listed its ${listedPerHour} responses for this hour; the map is published but not listed`;
    },
  };
}
