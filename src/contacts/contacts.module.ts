import { Module } from '@nestjs/common';
import { AvatarsModule } from '../avatars/avatars.module';
import { BotsModule } from '../bots/bots.module';
import { MessagingModule } from '../messaging/messaging.module';
import { ContactsV1Controller } from './contacts-v1.controller';
import { ContactsController } from './contacts.controller';
import { ContactsQueries } from './contacts.queries';
import { ContactsService } from './contacts.service';
import { DialogsV1Controller } from './dialogs-v1.controller';
import { DialogsController } from './dialogs.controller';
import { DialogPressesQueries } from './dialog-presses.queries';
import { DialogsQueries } from './dialogs.queries';
import { DialogsService } from './dialogs.service';
import { CsvExports } from './csv-exports.service';
import { MessagesExportController } from './messages-export.controller';
import { MessagesV1Controller } from './messages-v1.controller';
import { MessagesQueries } from './messages.queries';
import { AuthModule } from '../auth/auth.module';
import { LinksModule } from '../links/links.module';

/** Reports on people and conversations (contacts, messages, dialogs) and the cabinet's contacts and dialogs. */
@Module({
  imports: [AuthModule, BotsModule, MessagingModule, AvatarsModule, LinksModule],
  controllers: [
    ContactsV1Controller,
    MessagesV1Controller,
    DialogsV1Controller,
    ContactsController,
    DialogsController,
    MessagesExportController,
  ],
  providers: [
    ContactsQueries,
    ContactsService,
    MessagesQueries,
    DialogsQueries,
    DialogPressesQueries,
    DialogsService,
    CsvExports,
  ],
})
export class ContactsModule {}
