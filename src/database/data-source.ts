import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config';
import { dataSourceOptions } from './database-options';

// For the TypeORM CLI only (`npm run migration:run`, `migration:generate`); the app builds its own from the same options.
export default new DataSource(dataSourceOptions(loadConfig()));
