import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LiveDialogsGateway } from './live-dialogs.gateway';
import { LiveSessions } from './live-sessions';

/** Live dialogs: the socket.io gateway at /api/ws (contract §3). */
@Module({
  imports: [AuthModule],
  providers: [LiveDialogsGateway, LiveSessions],
})
export class LiveModule {}
