/** A timestamptz column as the JSON answers write it (`2026-11-24T18:42:07.000Z`), formatted by PostgreSQL. */
export function isoText(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
