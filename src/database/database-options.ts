import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { migrations } from '../../migrations';
import { AppConfig } from '../config/config';

/**
 * The database's side of every DataSource: the connection and the migrations. Schema changes go through migrations
 * only. The app adds its entities (src/data-source-options.ts); migrating needs none.
 */
export function databaseOptions(config: Pick<AppConfig, 'databaseUrl'>): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    migrations,
    synchronize: false,
    migrationsRun: false,
    // A server that does not answer (a network cut) fails a connect in 10 s instead of holding requests for minutes.
    extra: { max: 20, connectionTimeoutMillis: 10_000 },
  };
}
