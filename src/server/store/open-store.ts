import type { DatabaseConfig } from '../config';
import type { MapStore } from './map-store';
import { openPostgresStore } from './postgres-store';
import { openSqliteStore } from './sqlite-store';

/** Opens the store that `DATABASE_URL` names, with its migrations applied. */
export async function openStore(database: DatabaseConfig): Promise<MapStore> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path);
    case 'postgres':
      return openPostgresStore(database.url);
  }
}
