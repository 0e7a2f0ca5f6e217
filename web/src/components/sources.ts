import { t } from '../i18n';

/** The sources report's name for contacts that came without a source; people read it as "без источника". */
export const UNMAPPED_SOURCE = '— unmapped';

export function sourceLabel(value: string): string {
  return value === UNMAPPED_SOURCE ? t('sources.unmapped') : value;
}
