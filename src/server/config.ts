import { defaultBodyLimitBytes, defaultLimits, type MapLimits } from '../domain/limits';

// Configuration is read from the environment once, here, at start-up (STYLE: only config.ts
// files read the environment). A bad value stops start-up with one line naming it.

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  logLevel: string;
  /** Publishes a minute per client address; 0 turns the limit off (PRODUCT §2). */
  createRateLimit: number;
  /** Set when a Redis server shares the rate-limit counters between instances. */
  redisUrl: string | null;
  /** Prefix of the rate-limit keys in Redis: deployments sharing one Redis keep apart by it. */
  redisKeyPrefix: string;
  /** Trust X-Forwarded-For from a load balancer in front (needed for per-address limits there). */
  trustProxy: boolean;
  /** Longest a request (headers and body) may take to arrive; a slower client gets 408. */
  requestTimeoutMs: number;
  /** A connection silent both ways for this long during a request is closed (e.g. a client not reading). */
  connectionTimeoutMs: number;
  limits: MapLimits;
  bodyLimitBytes: number;
  /** PostgreSQL only: most connections this instance opens. */
  databasePoolSize: number;
  /** How often expired maps are deleted, in milliseconds; 0 turns the sweep off. */
  sweepIntervalMs: number;
  /** Where the built client lives; null serves the API only. */
  clientDir: string | null;
}

interface Setting {
  name: string;
  default: string;
  description: string;
}

export const settings: readonly Setting[] = [
  { name: 'PORT', default: '3000', description: 'TCP port to listen on' },
  { name: 'HOST', default: '0.0.0.0', description: 'Address to listen on' },
  {
    name: 'DATABASE_URL',
    default: 'sqlite:./data/belief-map.sqlite',
    description: 'sqlite:PATH (embedded, folder created on start) or postgres://USER@HOST:PORT/DB',
  },
  {
    name: 'DATABASE_POOL_SIZE',
    default: '10',
    description: 'PostgreSQL only: most connections this instance opens to the database',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
  { name: 'CREATE_RATE_LIMIT', default: '60', description: 'Publishes a minute per client address; 0 = off' },
  { name: 'REDIS_URL', default: '', description: 'redis://HOST:PORT to share rate limits between instances' },
  {
    name: 'REDIS_KEY_PREFIX',
    default: 'belief-map:rate-limit:',
    description: 'Prefix of the rate-limit keys in Redis; one per deployment sharing a Redis',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'true behind a load balancer that sets X-Forwarded-For',
  },
  {
    name: 'MAX_TITLE_LENGTH',
    default: String(defaultLimits.titleLength),
    description: 'Map title, characters',
  },
  {
    name: 'MAX_DESCRIPTION_LENGTH',
    default: String(defaultLimits.descriptionLength),
    description: 'Map description, characters',
  },
  {
    name: 'MAX_REASON_TITLE_LENGTH',
    default: String(defaultLimits.reasonTitleLength),
    description: 'Reason title, characters',
  },
  {
    name: 'MAX_RELEVANCE_LENGTH',
    default: String(defaultLimits.relevanceLength),
    description: 'Reason relevance, characters',
  },
  { name: 'MAX_REASONS', default: String(defaultLimits.reasonCount), description: 'Reasons in one map' },
  { name: 'BODY_LIMIT', default: String(defaultBodyLimitBytes), description: 'Largest request body, bytes' },
  {
    name: 'REQUEST_TIMEOUT_MS',
    default: '30000',
    description: 'Longest a request (headers and body) may take to arrive; slower clients get 408',
  },
  {
    name: 'CONNECTION_TIMEOUT_MS',
    default: '60000',
    description: 'A connection silent both ways this long mid-request is closed',
  },
  {
    name: 'SWEEP_INTERVAL_MS',
    default: String(60 * 60 * 1000),
    description: 'How often expired maps are deleted; 0 = never',
  },
];

export type ConfigResult = { ok: true; config: Config } | { ok: false; error: string };

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

class ConfigError extends Error {}

/** Parses `env` into a Config, or names the first bad value. Pure: reads only its argument. */
export function parseConfig(env: Record<string, string | undefined>, clientDir: string | null): ConfigResult {
  const get = (name: string): string => {
    const value = env[name];
    return value === undefined || value === '' ? settings.find((s) => s.name === name)!.default : value;
  };
  const integer = (name: string, min: number, max: number): number => {
    const raw = get(name);
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
      throw new ConfigError(`${name}="${raw}" must be a whole number from ${min} to ${max}`);
    }
    return value;
  };
  try {
    const logLevel = get('LOG_LEVEL');
    if (!logLevels.includes(logLevel)) {
      throw new ConfigError(`LOG_LEVEL="${logLevel}" must be one of ${logLevels.join(', ')}`);
    }
    const trust = get('TRUST_PROXY');
    if (trust !== 'true' && trust !== 'false')
      throw new ConfigError(`TRUST_PROXY="${trust}" must be true or false`);
    const redisUrl = get('REDIS_URL');
    if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
      throw new ConfigError(`REDIS_URL="${redisUrl}" must start with redis:// or rediss://`);
    }
    return {
      ok: true,
      config: {
        port: integer('PORT', 0, 65535),
        host: get('HOST'),
        database: parseDatabaseUrl(get('DATABASE_URL')),
        databasePoolSize: integer('DATABASE_POOL_SIZE', 1, 1000),
        logLevel,
        createRateLimit: integer('CREATE_RATE_LIMIT', 0, 1_000_000),
        redisUrl: redisUrl || null,
        redisKeyPrefix: get('REDIS_KEY_PREFIX'),
        trustProxy: trust === 'true',
        requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 100, 3_600_000),
        connectionTimeoutMs: integer('CONNECTION_TIMEOUT_MS', 100, 3_600_000),
        limits: {
          titleLength: integer('MAX_TITLE_LENGTH', 1, 1_000_000),
          descriptionLength: integer('MAX_DESCRIPTION_LENGTH', 1, 10_000_000),
          reasonTitleLength: integer('MAX_REASON_TITLE_LENGTH', 1, 1_000_000),
          relevanceLength: integer('MAX_RELEVANCE_LENGTH', 1, 10_000_000),
          reasonCount: integer('MAX_REASONS', 0, 100_000),
        },
        bodyLimitBytes: integer('BODY_LIMIT', 1024, 1024 * 1024 * 1024),
        sweepIntervalMs: integer('SWEEP_INTERVAL_MS', 0, 2_147_483_647),
        clientDir,
      },
    };
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, error: error.message };
    throw error;
  }
}

function parseDatabaseUrl(url: string): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new ConfigError(`DATABASE_URL="${url}" names no file: use sqlite:PATH`);
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  throw new ConfigError(`DATABASE_URL="${url}" has an unknown scheme: use sqlite:PATH or postgres://...`);
}

export function helpText(): string {
  const width = Math.max(...settings.map((s) => s.name.length));
  const lines = settings.map(
    (s) => `  ${s.name.padEnd(width)}  ${s.description} (default: ${s.default || 'unset'})`,
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
