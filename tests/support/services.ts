// The services some tests need besides Node: PostgreSQL (`TEST_DATABASE_URL`) and Redis
// (`TEST_REDIS_URL`). On a developer's machine without them those tests are skipped with a notice;
// under CI (`CI` set, as `.ci/run` is run) a missing one fails the run instead, because `.ci/run`
// installs and starts both: a store or a shared limit that only ever ran on SQLite and local
// buckets must not land.

type ServiceVariable = 'TEST_DATABASE_URL' | 'TEST_REDIS_URL';

/** The service's URL, or undefined (with a printed notice) when it is not set outside CI. */
export function serviceUrl(variable: ServiceVariable, whatIsSkipped: string): string | undefined {
  const url = process.env[variable];
  if (url) return url;
  if (process.env.CI)
    throw new Error(
      `${variable} is not set under CI: ${whatIsSkipped} must run (.ci/run starts the service)`,
    );
  console.warn(`${variable} is not set: skipping ${whatIsSkipped}`);
  return undefined;
}
