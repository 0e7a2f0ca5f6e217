import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { MessagingModule } from '../messaging/messaging.module';
import { ContactsV1Controller } from './contacts-v1.controller';
import { ContactsQueries } from './contacts.queries';
import { DialogsV1Controller } from './dialogs-v1.controller';
import { DialogsController } from './dialogs.controller';
import { DialogsQueries } from './dialogs.queries';
import { MessagesV1Controller } from './messages-v1.controller';
import { MessagesQueries } from './messages.queries';

/** Reports on people and conversations (contacts, messages, dialogs) and the cabinet's dialogs. */
@Module({
  imports: [BotsModule, MessagingModule],
  controllers: [ContactsV1Controller, MessagesV1Controller, DialogsV1Controller, DialogsController],
  providers: [ContactsQueries, MessagesQueries, DialogsQueries],
})
export class ContactsModule {}
