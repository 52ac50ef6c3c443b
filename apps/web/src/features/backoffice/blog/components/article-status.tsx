import type { BoBlogStatus } from '@velora/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '@/lib/content-language';

/** An article's status as a labelled chip (colour is never the only sign: the word is there). */
export function StatusChip({ status }: { status: BoBlogStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`backoffice__chip bo-blog__status bo-blog__status--${status}`} data-testid="bo-blog-status">
      {t(`boBlog.statuses.${status}`)}
    </span>
  );
}

/** Formats unix seconds as a date and time in the reader's language. */
export function useDateFormat(): (unixSeconds: number) => string {
  const language = useContentLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return (unixSeconds: number) => format.format(new Date(unixSeconds * 1000));
  }, [language]);
}
