import type { DatabaseConfig } from '../config';
import type { MapStore } from './map-store';
import { openPostgresStore, type PostgresStoreOptions } from './postgres-store';
import { openSqliteStore } from './sqlite-store';

export interface OpenStoreOptions {
  /** PostgreSQL only: told about failures of idle pooled connections, for the log. */
  onIdleError?: PostgresStoreOptions['onIdleError'];
  /** PostgreSQL only: most connections in the pool (default 10). */
  poolSize?: number;
}

/** Opens the store that `DATABASE_URL` names, with its migrations applied. */
export async function openStore(database: DatabaseConfig, options: OpenStoreOptions = {}): Promise<MapStore> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path);
    case 'postgres':
      return openPostgresStore(database.url, {
        onIdleError: options.onIdleError,
        maxConnections: options.poolSize,
      });
  }
}
