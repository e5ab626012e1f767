import type { DatabaseConfig } from '../config';
import type { MapStore } from './map-store';
import { openPostgresStore, type PostgresStoreOptions } from './postgres-store';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite-store';

export interface OpenStoreOptions {
  /** SQLite only: whether this store checkpoints its log itself (sqlite-store.ts). */
  checkpoints?: SqliteStoreOptions['checkpoints'];
  /** Told about failures in the background (SQLite's checkpointer), for the log. */
  onBackgroundError?: (error: Error) => void;
  /** PostgreSQL only: told about failures of idle pooled connections, for the log. */
  onIdleError?: PostgresStoreOptions['onIdleError'];
  /** PostgreSQL only: most connections in the pool (default 10). */
  poolSize?: number;
}

/** Opens the store that `DATABASE_URL` names, with its migrations applied. */
export async function openStore(database: DatabaseConfig, options: OpenStoreOptions = {}): Promise<MapStore> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path, {
        checkpoints: options.checkpoints,
        onCheckpointError: options.onBackgroundError,
      });
    case 'postgres':
      return openPostgresStore(database.url, {
        onIdleError: options.onIdleError,
        maxConnections: options.poolSize,
      });
  }
}
