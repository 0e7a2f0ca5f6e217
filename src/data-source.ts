import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './config/config';
import { dataSourceOptions } from './data-source-options';

// For the TypeORM CLI only (`npm run migration:generate`); the app and `npm run migrate` build their own from the same options.
export default new DataSource(dataSourceOptions(loadConfig()));
