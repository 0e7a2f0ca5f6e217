import { Foundation1795400000000 } from './1795400000000-Foundation';
import { Capture1795400100000 } from './1795400100000-Capture';
import { PollingMode1795400200000 } from './1795400200000-PollingMode';
import { Reports1795400300000 } from './1795400300000-Reports';
import { Webhooks1795400400000 } from './1795400400000-Webhooks';
import { Intents1795400500000 } from './1795400500000-Intents';
import { Broadcasts1795400600000 } from './1795400600000-Broadcasts';
import { Funnels1795400700000 } from './1795400700000-Funnels';
import { Accounts1795401000000 } from './1795401000000-Accounts';
import { CleanupWithoutContactScans1795401200000 } from './1795401200000-CleanupWithoutContactScans';
import { MessagesWithoutBotKey1795401300000 } from './1795401300000-MessagesWithoutBotKey';
import { ContactSearch1795401400000 } from './1795401400000-ContactSearch';
import { BroadcastLeases1795401500000 } from './1795401500000-BroadcastLeases';
import { DeliveryPreviews1795401600000 } from './1795401600000-DeliveryPreviews';
import { RawRetentionMarks1795401700000 } from './1795401700000-RawRetentionMarks';
import { RetentionActivity1795401800000 } from './1795401800000-RetentionActivity';
import { ButtonPresses1795401900000 } from './1795401900000-ButtonPresses';
import { HourlyStats1795402025000 } from './1795402025000-HourlyStats';
import { ButtonRollup1795402041600 } from './1795402041600-ButtonRollup';
import { RetentionTotals1795402050000 } from './1795402050000-RetentionTotals';
import { ButtonPreviousDays1795402060000 } from './1795402060000-ButtonPreviousDays';
import { Payments1795402100000 } from './1795402100000-Payments';
import { RevenueReports1795402110000 } from './1795402110000-RevenueReports';
import { TrackedLinks1795402200000 } from './1795402200000-TrackedLinks';
import { BotHealth1795402300000 } from './1795402300000-BotHealth';
import { BroadcastOutcomes1795402400000 } from './1795402400000-BroadcastOutcomes';
import { RecipientOutcomes1795402450000 } from './1795402450000-RecipientOutcomes';
import { WebhookOutbox1795402500000 } from './1795402500000-WebhookOutbox';
import { ReplyTimesIndexOnly1795402600000 } from './1795402600000-ReplyTimesIndexOnly';
import { ReplyTimeCounts1795402700000 } from './1795402700000-ReplyTimeCounts';
import { RevenueRollups1795402800000 } from './1795402800000-RevenueRollups';
import { MessagePartitions1795402900000 } from './1795402900000-MessagePartitions';

/** Every migration in order. Listed explicitly so the app, the CLI and the tests load the same set. */
export const migrations = [
  Foundation1795400000000,
  Capture1795400100000,
  PollingMode1795400200000,
  Reports1795400300000,
  Webhooks1795400400000,
  Intents1795400500000,
  Broadcasts1795400600000,
  Funnels1795400700000,
  Accounts1795401000000,
  CleanupWithoutContactScans1795401200000,
  MessagesWithoutBotKey1795401300000,
  ContactSearch1795401400000,
  BroadcastLeases1795401500000,
  DeliveryPreviews1795401600000,
  RawRetentionMarks1795401700000,
  RetentionActivity1795401800000,
  ButtonPresses1795401900000,
  HourlyStats1795402025000,
  ButtonRollup1795402041600,
  RetentionTotals1795402050000,
  ButtonPreviousDays1795402060000,
  Payments1795402100000,
  RevenueReports1795402110000,
  TrackedLinks1795402200000,
  BotHealth1795402300000,
  BroadcastOutcomes1795402400000,
  RecipientOutcomes1795402450000,
  WebhookOutbox1795402500000,
  ReplyTimesIndexOnly1795402600000,
  ReplyTimeCounts1795402700000,
  RevenueRollups1795402800000,
  MessagePartitions1795402900000,
];
