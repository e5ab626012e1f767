import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import * as z from 'zod';
import { defaultBodyLimitBytes, defaultLimits, type MapLimits } from '../domain/limits';
import { err, ok, type Result } from '../domain/result';

// Configuration is read from the environment once, here, at start-up (only config.ts
// files read the environment). One list, `settingSchemas`, gives each setting its type, default,
// range and description: parseConfig, `npm start -- --help` and the README's table (written by
// `npm run docs:settings`, checked by tests/api/config.test.ts) all come from it. A bad value
// stops start-up with one line naming it. PRODUCT §2.

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/**
 * Which hops in front may tell the client's address (X-Forwarded-For): none, how many proxies
 * stand in front (1 = one load balancer), or the proxies' own addresses and CIDR ranges. Never
 * "every hop", which would let a client choose its own address and escape the rate limit.
 */
export type TrustProxy = false | number | readonly string[];

export interface LoadShedding {
  /** Mean event-loop delay over a sample above which requests get 503; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use above which requests get 503; 0 turns it off. */
  maxHeapUsedBytes: number;
  /** Resident memory of the process above which requests get 503; 0 turns it off. */
  maxRssBytes: number;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  logLevel: string;
  /** Publishes a minute per client address; 0 turns the limit off (PRODUCT §14.1). */
  createRateLimit: number;
  /** What publishing may store in a day, in bytes of stored maps (0: no bound). */
  publishQuota: { clientBytesPerDay: number; bytesPerDay: number };
  /** Set when a Redis server shares the rate-limit counters between instances. */
  redisUrl: string | null;
  /** Prefix of the rate-limit keys in Redis: deployments sharing one Redis keep apart by it. */
  redisKeyPrefix: string;
  /** Longest a command waits for a connected Redis (REDIS_COMMAND_TIMEOUT_MS). */
  redisCommandTimeoutMs: number;
  trustProxy: TrustProxy;
  /** The site's own origin (`https://beliefmap.example`), for absolute URLs in link previews. */
  publicUrl: string | null;
  /** Longest a request (headers and body) may take to arrive; a slower client gets 408. */
  requestTimeoutMs: number;
  /** A connection silent both ways for this long during a request is closed (e.g. a client not reading). */
  connectionTimeoutMs: number;
  limits: MapLimits;
  bodyLimitBytes: number;
  /** Most bytes of request bodies one process has received and parses or holds until they commit, at once. */
  maxBodyBytesInFlight: number;
  /** Slowest a request body may arrive after its first 2 s, bytes a second on average; 0 = no minimum. */
  minBodyBytesPerSecond: number;
  loadShedding: LoadShedding;
  /** PostgreSQL only: most connections each worker opens. */
  databasePoolSize: number;
  /** Worker processes `npm start` runs, each serving requests (PRODUCT §14). */
  webConcurrency: number;
  /** How often expired maps are deleted, in milliseconds; 0 turns the sweep off. */
  sweepIntervalMs: number;
  /** Where the built client lives; null serves the API only. */
  clientDir: string | null;
}

/** A setting: its schema reads the variable's text (never empty: empty means unset). */
interface SettingSchema<T> {
  schema: z.ZodType<T, string>;
  /** Its value when unset: the default text, parsed like any value, or a value of its own. */
  unset: { text: string } | { value: () => T };
  /** How `--help` and the README show the default ('' for none). */
  defaultText: string;
  description: string;
}

/** A setting whose default is `defaultText`, read as if it had been given. */
function setting<T>(
  schema: z.ZodType<T, string>,
  defaultText: string,
  description: string,
): SettingSchema<T> {
  return { schema, unset: { text: defaultText }, defaultText, description };
}

/** A setting that is null when unset. */
function optional<T>(schema: z.ZodType<T, string>, description: string): SettingSchema<T | null> {
  return { schema, unset: { value: () => null }, defaultText: '', description };
}

/** A setting whose default depends on the machine, described by `defaultText`. */
function machineDependent<T>(
  schema: z.ZodType<T, string>,
  value: () => T,
  defaultText: string,
  description: string,
): SettingSchema<T> {
  return { schema, unset: { value }, defaultText, description };
}

/** A whole number from `min` to `max`, written in ASCII digits (spaces around it are ignored). */
function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error });
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const databaseUrl = z.string().transform((url, ctx): DatabaseConfig => {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path) return { kind: 'sqlite', path };
    ctx.issues.push({ code: 'custom', input: url, message: 'names no file: use sqlite:PATH' });
    return z.NEVER;
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  ctx.issues.push({
    code: 'custom',
    input: url,
    message: 'has an unknown scheme: use sqlite:PATH or postgres://...',
  });
  return z.NEVER;
});

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, optionally with a /prefix, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim();
  if (value === 'false') return false;
  if (value === 'true') {
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message:
        'would trust every hop, so any client could pick its own address: give the number of proxies in front (TRUST_PROXY=1 for one load balancer) or their addresses',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.issues.push({
    code: 'custom',
    input: raw,
    message:
      'must be false, a number of proxies from 1 to 10, or a comma list of proxy addresses or CIDR ranges',
  });
  return z.NEVER;
});

const publicUrl = z.string().transform((raw, ctx): string => {
  const error = 'must be the site’s origin, http:// or https:// and a host, with no path, query or user';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    ctx.issues.push({ code: 'custom', input: raw, message: error });
    return z.NEVER;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || /[?#]$/.test(raw)) {
    ctx.issues.push({ code: 'custom', input: raw, message: error });
    return z.NEVER;
  }
  return url.origin;
});

const gib = 1024 * 1024 * 1024;

/**
 * A load-shedding bound (http/load-shedding.ts): past it a worker answers 503 until it is back
 * under.
 */
function sheddingBound(max: number, defaultValue: number, description: string) {
  return setting(wholeNumber(0, max), String(defaultValue), description);
}

/** Every setting, in the order `--help` and the README list them. */
const settingSchemas = {
  PORT: setting(wholeNumber(0, 65535), '3000', 'TCP port'),
  HOST: setting(z.string(), '0.0.0.0', 'Address to listen on'),
  DATABASE_URL: setting(
    databaseUrl,
    'sqlite:./data/belief-map.sqlite',
    '`sqlite:PATH` (folder created on start) or `postgres://USER@HOST:PORT/DB`',
  ),
  DATABASE_POOL_SIZE: setting(
    wholeNumber(1, 1000),
    '10',
    'PostgreSQL only: most connections each worker opens',
  ),
  WEB_CONCURRENCY: machineDependent(
    wholeNumber(1, 256),
    () => availableParallelism(),
    'number of CPU cores',
    'Worker processes `npm start` runs; a dead one is replaced (README: Running several instances)',
  ),
  LOG_LEVEL: setting(
    z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }),
    'info',
    '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent` (JSON logs by pino)',
  ),
  CREATE_RATE_LIMIT: setting(
    wholeNumber(0, 1_000_000),
    '60',
    'Publishes a minute per client address, as a token bucket: that many at once, then one every 60/N s (`429` with `Retry-After`); `0` turns the limit off',
  ),
  PUBLISH_BYTES_PER_CLIENT_PER_DAY: setting(
    wholeNumber(0, 1024 * gib),
    String(50 * 1024 * 1024),
    'Bytes of maps one client address may store in a day (50 MiB), as a token bucket refilled over the day (`429` with `Retry-After` past it); `0`, or `CREATE_RATE_LIMIT=0`, turns it off',
  ),
  PUBLISH_BYTES_PER_DAY: setting(
    wholeNumber(0, 1024 * 1024 * gib),
    String(2 * gib),
    'Bytes of maps all clients together may store in a day (2 GiB; `507` with `Retry-After` past it): at most 180 GiB of maps are kept at once; `0`, or `CREATE_RATE_LIMIT=0`, turns it off',
  ),
  REDIS_URL: optional(
    z.string().regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' }),
    '`redis://HOST:PORT` shares the rate limit between instances',
  ),
  REDIS_COMMAND_TIMEOUT_MS: setting(
    wholeNumber(10, 10_000),
    '1000',
    'Longest a rate-limit command waits for a connected Redis before the instance counts in its own buckets (1 s: a busy machine answers in time)',
  ),
  REDIS_KEY_PREFIX: setting(
    z.string(),
    'belief-map:rate-limit:',
    'Prefix of the rate-limit keys in Redis; one per deployment sharing a Redis',
  ),
  TRUST_PROXY: setting(
    trustProxy,
    'false',
    'Proxies whose `X-Forwarded-For` names the client: a hop count or their addresses (README: Running several instances)',
  ),
  PUBLIC_URL: optional(
    publicUrl,
    "The site's origin, e.g. `https://beliefmap.example`: absolute URLs in link previews (`og:url`, and `og:image`/`twitter:image`, the map's preview picture); unset leaves them out",
  ),
  MAX_TITLE_LENGTH: setting(
    wholeNumber(1, 1_000_000),
    String(defaultLimits.titleLength),
    'Map title, characters (after trimming)',
  ),
  MAX_DESCRIPTION_LENGTH: setting(
    wholeNumber(1, 10_000_000),
    String(defaultLimits.descriptionLength),
    'Map description, characters',
  ),
  MAX_REASON_TITLE_LENGTH: setting(
    wholeNumber(1, 1_000_000),
    String(defaultLimits.reasonTitleLength),
    'Reason title, characters',
  ),
  MAX_RELEVANCE_LENGTH: setting(
    wholeNumber(1, 10_000_000),
    String(defaultLimits.relevanceLength),
    'Reason relevance, characters',
  ),
  MAX_REASONS: setting(wholeNumber(0, 100_000), String(defaultLimits.reasonCount), 'Reasons in one map'),
  BODY_LIMIT: setting(
    wholeNumber(1024, gib),
    String(defaultBodyLimitBytes),
    'Largest request body, bytes (2 MiB)',
  ),
  MAX_BODY_BYTES_IN_FLIGHT: setting(
    wholeNumber(1024, 64 * gib),
    String(64 * 1024 * 1024),
    'Request-body bytes a worker holds at once, each body counted as it arrives (64 MiB); bytes past it get `503` with `Retry-After`, and no address may hold more than an eighth',
  ),
  MIN_BODY_BYTES_PER_SEC: setting(
    wholeNumber(0, gib),
    '4096',
    'Slowest a request body may arrive: one under this many bytes a second on average after its first 2 s gets `408` and its connection closed; `0` off',
  ),
  MAX_EVENT_LOOP_DELAY_MS: sheddingBound(
    60_000,
    1000,
    'Load shedding: a worker whose event loop lags this much answers `503` with `Retry-After` until it recovers; `0` off',
  ),
  MAX_HEAP_USED_BYTES: sheddingBound(
    1024 * gib,
    gib,
    "Load shedding: the same above this much JavaScript heap (1 GiB; at most 90% of V8's own limit); `0` off",
  ),
  MAX_RSS_BYTES: sheddingBound(
    1024 * gib,
    1.5 * gib,
    'Load shedding: the same above this much memory (1.5 GiB); `0` off',
  ),
  REQUEST_TIMEOUT_MS: setting(
    wholeNumber(100, 3_600_000),
    '30000',
    'Longest a request (headers and body) may take to arrive; slower clients get 408',
  ),
  CONNECTION_TIMEOUT_MS: setting(
    wholeNumber(100, 3_600_000),
    '60000',
    'A connection silent both ways this long mid-request is closed',
  ),
  SWEEP_INTERVAL_MS: setting(
    wholeNumber(0, 2_147_483_647),
    String(60 * 60 * 1000),
    'How often expired maps are deleted; `0` never',
  ),
};

type SettingName = keyof typeof settingSchemas;
type Values = { [K in SettingName]: (typeof settingSchemas)[K] extends SettingSchema<infer T> ? T : never };

/** The settings for `--help`, the README check and tests: name, default as shown, description. */
export const settings: readonly { name: SettingName; default: string; description: string }[] = (
  Object.keys(settingSchemas) as SettingName[]
).map((name) => {
  const { defaultText, description } = settingSchemas[name] as SettingSchema<unknown>;
  return { name, default: defaultText, description };
});

function toConfig(values: Values, clientDir: string | null): Result<Config> {
  if (values.MAX_BODY_BYTES_IN_FLIGHT < values.BODY_LIMIT) {
    return err(
      `MAX_BODY_BYTES_IN_FLIGHT="${values.MAX_BODY_BYTES_IN_FLIGHT}" must be at least BODY_LIMIT (${values.BODY_LIMIT}): a body of the limit could never be read`,
    );
  }
  return ok({
    port: values.PORT,
    host: values.HOST,
    database: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    webConcurrency: values.WEB_CONCURRENCY,
    logLevel: values.LOG_LEVEL,
    createRateLimit: values.CREATE_RATE_LIMIT,
    publishQuota: {
      clientBytesPerDay: values.CREATE_RATE_LIMIT > 0 ? values.PUBLISH_BYTES_PER_CLIENT_PER_DAY : 0,
      bytesPerDay: values.CREATE_RATE_LIMIT > 0 ? values.PUBLISH_BYTES_PER_DAY : 0,
    },
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    redisCommandTimeoutMs: values.REDIS_COMMAND_TIMEOUT_MS,
    trustProxy: values.TRUST_PROXY,
    publicUrl: values.PUBLIC_URL,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: values.CONNECTION_TIMEOUT_MS,
    limits: {
      titleLength: values.MAX_TITLE_LENGTH,
      descriptionLength: values.MAX_DESCRIPTION_LENGTH,
      reasonTitleLength: values.MAX_REASON_TITLE_LENGTH,
      relevanceLength: values.MAX_RELEVANCE_LENGTH,
      reasonCount: values.MAX_REASONS,
    },
    bodyLimitBytes: values.BODY_LIMIT,
    maxBodyBytesInFlight: values.MAX_BODY_BYTES_IN_FLIGHT,
    minBodyBytesPerSecond: values.MIN_BODY_BYTES_PER_SEC,
    loadShedding: {
      maxEventLoopDelayMs: values.MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: values.MAX_HEAP_USED_BYTES,
      maxRssBytes: values.MAX_RSS_BYTES,
    },
    sweepIntervalMs: values.SWEEP_INTERVAL_MS,
    clientDir,
  });
}

/**
 * Parses `env` into a Config, or names the first bad value on one line. Reads nothing but its
 * arguments and, for the default of WEB_CONCURRENCY, the machine's core count. An empty
 * variable counts as unset.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  clientDir: string | null,
): Result<Config> {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(settingSchemas) as SettingName[]) {
    const { schema, unset } = settingSchemas[name] as SettingSchema<unknown>;
    const given = env[name];
    const raw = given === undefined || given === '' ? ('text' in unset ? unset.text : null) : given;
    if (raw === null) {
      values[name] = 'value' in unset ? unset.value() : null;
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return err(`${name}="${raw}" ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
    values[name] = parsed.data;
  }
  return toConfig(values as Values, clientDir);
}

export function helpText(): string {
  const width = Math.max(...settings.map((s) => s.name.length));
  const lines = settings.map(
    // The descriptions are the README's Markdown: its code marks are left out of plain text.
    (s) =>
      `  ${s.name.padEnd(width)}  ${s.description.replaceAll('`', '')} (default: ${s.default || 'unset'})`,
  );
  return [
    'Belief Map server',
    '',
    'Usage: npm start [-- --help]',
    '',
    'Settings (environment variables):',
    ...lines,
    '',
  ].join('\n');
}
