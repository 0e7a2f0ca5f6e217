import { DataSourceOptions } from 'typeorm';
import { migrations } from '../../migrations';
import { AppConfig } from '../config/config';
import { entities } from './entities';

/** The one DataSource definition, used by the app and by the TypeORM CLI. Schema changes go through migrations only. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    // A server that does not answer (a network cut) fails a connect in 10 s instead of holding requests for minutes.
    extra: { max: 20, connectionTimeoutMillis: 10_000 },
  };
}
