export class HealthDto {
  ok: boolean;
}
