import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The page numbers to show: first, last, and a window around the current page; null marks a gap. */
export function pageWindow(page: number, pages: number, radius = 1): (number | null)[] {
  if (pages <= 1) return [1];
  const wanted = new Set<number>([1, pages]);
  for (let p = page - radius; p <= page + radius; p += 1) if (p >= 1 && p <= pages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

interface PaginationProps {
  page: number;
  pages: number;
  /** The link of a page (usually the current URL with another `page` query value). */
  hrefFor: (page: number) => string;
}

export function Pagination({ page, pages, hrefFor }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < pages;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {hasPrevious ? (
        <Link className="pagination__step" to={hrefFor(page - 1)} rel="prev">
          <span aria-hidden="true">‹</span> {t('pagination.previous')}
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-disabled="true">
          <span aria-hidden="true">‹</span> {t('pagination.previous')}
        </span>
      )}
      <ol className="pagination__pages">
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className="pagination__page"
                to={hrefFor(p)}
                aria-label={t('pagination.page', { page: p })}
                aria-current={p === page ? 'page' : undefined}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {hasNext ? (
        <Link className="pagination__step" to={hrefFor(page + 1)} rel="next">
          {t('pagination.next')} <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-disabled="true">
          {t('pagination.next')} <span aria-hidden="true">›</span>
        </span>
      )}
    </nav>
  );
}
