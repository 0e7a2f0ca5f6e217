import { IntentDto } from './intent.dto';

/** The open API lists intents without their rules (spec: Intent). */
export class OpenApiIntentListDto {
  data: IntentDto[];
}
