import { Global, Module } from '@nestjs/common';
import { AppConfig } from './config';

/** Injection token of the parsed configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

// Global: true infrastructure, read by nearly every provider.
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
