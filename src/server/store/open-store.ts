import type { DatabaseConfig } from '../config';
import type { MapStore } from './map-store';
import { openSqliteStore } from './sqlite-store';

/** Opens the store that `DATABASE_URL` names. */
export async function openStore(database: DatabaseConfig): Promise<MapStore> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path);
    case 'postgres':
      throw new Error('PostgreSQL support is not built yet');
  }
}
