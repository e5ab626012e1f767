import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { helpText, parseConfig, settings } from '../../src/server/config';
import { readmePath, settingsTable, withSettingsTable } from '../../scripts/settings-table';

// PRODUCT §2.2: configuration by environment variable, with documented defaults; a bad value stops
// start-up with one clear line naming it. (The process itself is in process.test.ts.)

function parseError(env: Record<string, string>): string {
  const result = parseConfig(env, null);
  if (result.ok) throw new Error(`expected ${JSON.stringify(env)} to be refused`);
  return result.error;
}

function parseOk(env: Record<string, string>) {
  const result = parseConfig(env, null);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('defaults (PRODUCT §2.2, §3.3)', () => {
  it('serves on port 3000 of every address with SQLite under ./data and the documented limits', () => {
    expect(parseConfig({}, null)).toEqual({
      ok: true,
      value: {
        port: 3000,
        host: '0.0.0.0',
        database: { kind: 'sqlite', path: './data/belief-map.sqlite' },
        databasePoolSize: 10,
        webConcurrency: availableParallelism(),
        logLevel: 'info',
        createRateLimit: 60,
        publishQuota: { clientBytesPerDay: 50 * 1024 * 1024, bytesPerDay: 2 * 1024 * 1024 * 1024 },
        redisUrl: null,
        redisKeyPrefix: 'belief-map:rate-limit:',
        redisCommandTimeoutMs: 1000,
        trustProxy: false,
        publicUrl: null,
        requestTimeoutMs: 30_000,
        connectionTimeoutMs: 60_000,
        limits: {
          titleLength: 300,
          descriptionLength: 20_000,
          reasonTitleLength: 500,
          relevanceLength: 20_000,
          reasonCount: 1_000,
        },
        bodyLimitBytes: 2 * 1024 * 1024,
        maxBodyBytesInFlight: 64 * 1024 * 1024,
        minBodyBytesPerSecond: 4096,
        loadShedding: {
          maxEventLoopDelayMs: 1000,
          maxHeapUsedBytes: 1024 * 1024 * 1024,
          maxRssBytes: 1536 * 1024 * 1024,
        },
        sweepIntervalMs: 60 * 60 * 1000,
        clientDir: null,
      },
    });
  });

  it('treats an empty variable as unset', () => {
    const empty = Object.fromEntries(settings.map((s) => [s.name, '']));
    expect(parseConfig(empty, null)).toEqual(parseConfig({}, null));
  });

  it('ignores variables that are not settings', () => {
    expect(parseConfig({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'production' }, null)).toEqual(
      parseConfig({}, null),
    );
  });

  it('passes the client folder through', () => {
    expect(parseOk({}).clientDir).toBeNull();
    expect(parseConfig({}, '/srv/app/dist/client')).toMatchObject({
      value: { clientDir: '/srv/app/dist/client' },
    });
  });
});

describe('values that are read', () => {
  it('reads each setting', () => {
    const config = parseOk({
      PORT: '8080',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CREATE_RATE_LIMIT: '5',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: '2',
      PUBLIC_URL: 'https://beliefmap.example',
      MAX_TITLE_LENGTH: '10',
      MAX_DESCRIPTION_LENGTH: '11',
      MAX_REASON_TITLE_LENGTH: '12',
      MAX_RELEVANCE_LENGTH: '13',
      MAX_REASONS: '14',
      BODY_LIMIT: '4096',
      MAX_BODY_BYTES_IN_FLIGHT: '8192',
      MIN_BODY_BYTES_PER_SEC: '100',
      MAX_EVENT_LOOP_DELAY_MS: '250',
      MAX_HEAP_USED_BYTES: '0',
      MAX_RSS_BYTES: '123456789',
      SWEEP_INTERVAL_MS: '0',
      REDIS_KEY_PREFIX: 'staging:limits:',
      REQUEST_TIMEOUT_MS: '5000',
      CONNECTION_TIMEOUT_MS: '7000',
      DATABASE_POOL_SIZE: '25',
      WEB_CONCURRENCY: '3',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'warn',
      createRateLimit: 5,
      redisUrl: 'redis://cache:6379',
      trustProxy: 2,
      publicUrl: 'https://beliefmap.example',
      limits: {
        titleLength: 10,
        descriptionLength: 11,
        reasonTitleLength: 12,
        relevanceLength: 13,
        reasonCount: 14,
      },
      bodyLimitBytes: 4096,
      maxBodyBytesInFlight: 8192,
      minBodyBytesPerSecond: 100,
      loadShedding: { maxEventLoopDelayMs: 250, maxHeapUsedBytes: 0, maxRssBytes: 123456789 },
      sweepIntervalMs: 0,
      redisKeyPrefix: 'staging:limits:',
      requestTimeoutMs: 5000,
      connectionTimeoutMs: 7000,
      databasePoolSize: 25,
      webConcurrency: 3,
    });
  });

  it('accepts PORT 0 (any free port) and 65535', () => {
    expect(parseOk({ PORT: '0' }).port).toBe(0);
    expect(parseOk({ PORT: '65535' }).port).toBe(65535);
  });

  it('accepts CREATE_RATE_LIMIT=0, which turns the limit off', () => {
    expect(parseOk({ CREATE_RATE_LIMIT: '0' }).createRateLimit).toBe(0);
  });
});

describe('settings read into their forms', () => {
  it.each<[string, string, 'trustProxy' | 'publicUrl', unknown]>([
    ['TRUST_PROXY', 'false', 'trustProxy', false],
    ['TRUST_PROXY', '1', 'trustProxy', 1],
    ['TRUST_PROXY', '10', 'trustProxy', 10],
    ['TRUST_PROXY', '10.0.0.1', 'trustProxy', ['10.0.0.1']],
    ['TRUST_PROXY', '10.0.0.0/8, 192.168.1.7', 'trustProxy', ['10.0.0.0/8', '192.168.1.7']],
    ['TRUST_PROXY', 'fd00::/8,::1', 'trustProxy', ['fd00::/8', '::1']],
    ['TRUST_PROXY', 'loopback, uniquelocal', 'trustProxy', ['loopback', 'uniquelocal']],
    ['PUBLIC_URL', 'https://beliefmap.example', 'publicUrl', 'https://beliefmap.example'],
    ['PUBLIC_URL', 'https://beliefmap.example/', 'publicUrl', 'https://beliefmap.example'],
    ['PUBLIC_URL', 'HTTPS://BeliefMap.Example:8443', 'publicUrl', 'https://beliefmap.example:8443'],
    ['PUBLIC_URL', 'http://localhost:3000', 'publicUrl', 'http://localhost:3000'],
  ])('reads %s=%j', (name, value, key, expected) => {
    expect(parseOk({ [name]: value })[key]).toEqual(expected);
  });
});

describe('DATABASE_URL', () => {
  it.each([
    ['sqlite:./data/maps.sqlite', './data/maps.sqlite'],
    ['sqlite:maps.sqlite', 'maps.sqlite'],
    ['sqlite:/var/lib/belief-map/maps.sqlite', '/var/lib/belief-map/maps.sqlite'],
    ['sqlite:///var/lib/belief-map/maps.sqlite', '/var/lib/belief-map/maps.sqlite'],
    ['sqlite:/tmp/with space/maps.sqlite', '/tmp/with space/maps.sqlite'],
  ])('reads %s as the SQLite file %s', (url, path) => {
    expect(parseOk({ DATABASE_URL: url }).database).toEqual({ kind: 'sqlite', path });
  });

  it.each(['postgres://belief@db:5432/maps', 'postgresql://belief:pw@db/maps?sslmode=require'])(
    'reads %s as PostgreSQL',
    (url) => {
      expect(parseOk({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    },
  );

  it.each(['mysql://db/maps', 'sqlite3:maps.db', 'maps.sqlite', 'http://db', 'SQLITE:maps.db'])(
    'refuses the unknown scheme of %s, naming the value and what would do',
    (url) => {
      const error = parseError({ DATABASE_URL: url });
      expect(error).toBe(`DATABASE_URL="${url}" has an unknown scheme: use sqlite:PATH or postgres://...`);
    },
  );

  it('refuses sqlite: without a path', () => {
    expect(parseError({ DATABASE_URL: 'sqlite:' })).toBe(
      'DATABASE_URL="sqlite:" names no file: use sqlite:PATH',
    );
  });
});

describe('bad values stop start-up with one line naming them', () => {
  it.each(['abc', '-1', '65536', '3000.5', '1e3', '0x50', ' ', '80 80', '١٢٣'])('PORT=%j', (value) => {
    expect(parseError({ PORT: value })).toBe(`PORT="${value}" must be a whole number from 0 to 65535`);
  });

  it.each(['lots', '-5', '1.5', 'off', '1000001'])('CREATE_RATE_LIMIT=%j', (value) => {
    expect(parseError({ CREATE_RATE_LIMIT: value })).toBe(
      `CREATE_RATE_LIMIT="${value}" must be a whole number from 0 to 1000000`,
    );
  });

  it.each(['verbose', 'INFO', 'warning', '30'])('LOG_LEVEL=%j', (value) => {
    expect(parseError({ LOG_LEVEL: value })).toBe(
      `LOG_LEVEL="${value}" must be one of fatal, error, warn, info, debug, trace, silent`,
    );
  });

  it('TRUST_PROXY=true, which would let any client pick its own address, pointing to the hop count', () => {
    expect(parseError({ TRUST_PROXY: 'true' })).toBe(
      'TRUST_PROXY="true" would trust every hop, so any client could pick its own address: give the number of proxies in front (TRUST_PROXY=1 for one load balancer) or their addresses',
    );
  });

  it.each([
    'yes',
    'TRUE',
    '0',
    '11',
    '-1',
    '1.5',
    '10.0.0.300',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.1,',
    'lb.internal',
  ])('TRUST_PROXY=%j', (value) => {
    expect(parseError({ TRUST_PROXY: value })).toBe(
      `TRUST_PROXY="${value}" must be false, a number of proxies from 1 to 10, or a comma list of proxy addresses or CIDR ranges`,
    );
  });

  it.each([
    'beliefmap.example',
    'ftp://beliefmap.example',
    'javascript:alert(1)',
    'https://beliefmap.example/maps',
    'https://beliefmap.example?x=1',
    'https://beliefmap.example/#top',
    'https://user:pw@beliefmap.example',
    'https://',
  ])('PUBLIC_URL=%j (an origin only)', (value) => {
    expect(parseError({ PUBLIC_URL: value })).toBe(
      `PUBLIC_URL="${value}" must be the site’s origin, http:// or https:// and a host, with no path, query or user`,
    );
  });

  it('MAX_BODY_BYTES_IN_FLIGHT under BODY_LIMIT (a body of the limit could never be read)', () => {
    expect(parseError({ BODY_LIMIT: '4096', MAX_BODY_BYTES_IN_FLIGHT: '4095' })).toBe(
      'MAX_BODY_BYTES_IN_FLIGHT="4095" must be at least BODY_LIMIT (4096): a body of the limit could never be read',
    );
    expect(parseOk({ BODY_LIMIT: '4096', MAX_BODY_BYTES_IN_FLIGHT: '4096' }).maxBodyBytesInFlight).toBe(4096);
  });

  it('WEB_CONCURRENCY of 0 (nothing would serve)', () => {
    expect(parseError({ WEB_CONCURRENCY: '0' })).toBe(
      'WEB_CONCURRENCY="0" must be a whole number from 1 to 256',
    );
  });

  it('REDIS_URL that is not a redis URL', () => {
    expect(parseError({ REDIS_URL: 'cache:6379' })).toMatch(
      /^REDIS_URL="cache:6379" must start with redis:\/\//,
    );
  });

  it.each(['MAX_TITLE_LENGTH', 'MAX_DESCRIPTION_LENGTH', 'MAX_REASON_TITLE_LENGTH', 'MAX_RELEVANCE_LENGTH'])(
    '%s of 0 (a title must fit in it)',
    (name) => {
      expect(parseError({ [name]: '0' })).toMatch(
        new RegExp(`^${name}="0" must be a whole number from 1 to`),
      );
    },
  );

  it('DATABASE_POOL_SIZE of 0 (the store could never query)', () => {
    expect(parseError({ DATABASE_POOL_SIZE: '0' })).toMatch(
      /^DATABASE_POOL_SIZE="0" must be a whole number from 1 to 1000/,
    );
  });

  it('BODY_LIMIT under 1 KiB', () => {
    expect(parseError({ BODY_LIMIT: '100' })).toMatch(
      /^BODY_LIMIT="100" must be a whole number from 1024 to/,
    );
  });

  it('every numeric setting refuses a word, naming itself and the value', () => {
    const numeric = settings.filter((s) => /^\d+$/.test(s.default));
    expect(numeric.map((s) => s.name)).toEqual(
      expect.arrayContaining(['PORT', 'CREATE_RATE_LIMIT', 'BODY_LIMIT']),
    );
    for (const { name } of numeric) {
      const error = parseError({ [name]: 'many' });
      expect(error.startsWith(`${name}="many" `), error).toBe(true);
      expect(error).not.toContain('\n');
    }
  });

  it('names the first bad value when there are several, on one line', () => {
    const error = parseError({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(error).not.toContain('\n');
    expect(error).toMatch(/^(PORT="abc"|LOG_LEVEL="loud") /);
  });
});

describe('help', () => {
  it('lists every setting with its default', () => {
    const text = helpText();
    for (const setting of settings) {
      expect(text).toContain(setting.name);
      if (setting.default) expect(text).toContain(setting.default);
    }
  });

  it("the README's configuration table is the one written from the settings (npm run docs:settings)", async () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(readme).toBe(await withSettingsTable(readme, settingsTable(settings)));
    const rows = [...readme.matchAll(/^\| `([A-Z_]+)` +\| ([^|]+?) +\|/gm)].map((m) => m[1]);
    expect(rows).toEqual(settings.map((setting) => setting.name));
  });
});
