import 'reflect-metadata';
import { DataSource, DataSourceOptions } from 'typeorm';
import { migrations } from '../../migrations';
import { AppConfig, loadConfig } from '../config/config';
import { entities } from './entities';

/** The one DataSource definition, shared by the app and the TypeORM CLI. Schema changes go through migrations only. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20 },
  };
}

// Default export for `typeorm-ts-node-commonjs -d src/database/data-source.ts`.
export default new DataSource(dataSourceOptions(loadConfig()));
