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
    // The schema is the migrations' alone: TypeORM would otherwise add uuid-ossp for the entities' uuid keys (the
    // tables default to gen_random_uuid()), so a database's shape would depend on whether the app connected to it.
    installExtensions: false,
    // A server that does not answer (a network cut) fails a connect in 10 s instead of holding requests for minutes.
    extra: { max: 20, connectionTimeoutMillis: 10_000 },
  };
}
