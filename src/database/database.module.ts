import { DynamicModule, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ConnectionWatch } from '../metrics/connection-watch';
import { ReportReads } from './report-reads';

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

/**
 * The ORM's DataSource on DATABASE_URL (migrations are applied before, by prepareDatabase), and ReportReads, which
 * sends the read-only reports to DATABASE_REPLICA_URL when one is set. The app gives the options, entities included
 * (src/data-source-options.ts).
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: DataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      // Global as the DataSource is: every report module reads through ReportReads.
      global: true,
      imports: [TypeOrmModule.forRoot(options)],
      providers: [OrmPoolWatch, ReportReads],
      exports: [ReportReads],
    };
  }
}
