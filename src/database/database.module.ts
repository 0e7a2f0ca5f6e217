import { DynamicModule, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config';
import { ConnectionWatch } from '../metrics/connection-watch';
import { dataSourceOptions } from './database-options';

/** Puts the ORM's pool under watch: its connections outlive an outage of PostgreSQL and reconnect. */
@Injectable()
class OrmPoolWatch implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly watch: ConnectionWatch,
  ) {}

  onModuleInit(): void {
    // TypeORM already handles the pool's idle errors and a checked-out connection's; this adds the log and the count.
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    this.watch.pool(pool, 'PostgreSQL (ORM)');
  }
}

/** The ORM's DataSource on DATABASE_URL (migrations are applied before, by prepareDatabase). */
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(config))],
      providers: [OrmPoolWatch],
    };
  }
}
