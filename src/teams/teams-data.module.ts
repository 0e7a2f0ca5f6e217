import { Module } from '@nestjs/common';
import { TeamsRepository } from './teams.repository';

/** The teams' tables alone, for modules that TeamsModule itself depends on (billing counts members). */
@Module({ providers: [TeamsRepository], exports: [TeamsRepository] })
export class TeamsDataModule {}
