import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { ContactsV1Controller } from './contacts-v1.controller';
import { ContactsQueries } from './contacts.queries';
import { DialogsV1Controller } from './dialogs-v1.controller';
import { DialogsQueries } from './dialogs.queries';
import { MessagesV1Controller } from './messages-v1.controller';
import { MessagesQueries } from './messages.queries';

/** Open-API reports on people and conversations: contacts, messages, dialogs. */
@Module({
  imports: [BotsModule],
  controllers: [ContactsV1Controller, MessagesV1Controller, DialogsV1Controller],
  providers: [ContactsQueries, MessagesQueries, DialogsQueries],
})
export class ContactsModule {}
