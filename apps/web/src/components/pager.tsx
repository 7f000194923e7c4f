/** The pager under a paged list: "Showing 51–100 of 1,234", Previous and Next, and page numbers around the current
 * one. A total counted only up to the cap reads "10,000+" and has no last page. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@portal/contract';
import { buttonClasses } from './ui/button';

export interface PagerProps {
  /** 1-based. */
  page: number;
  limit: number;
  total: number;
  totalCapped?: boolean;
  /** Rows on the current page. */
  itemCount: number;
  /** The deepest page offsets reach. */
  maxPage?: number;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name (several lists on one screen need their own). */
  label?: string;
}

/** The total as a person reads it: 1,234 or 10,000+. */
export function formatTotal(total: number, capped = false): string {
  return capped ? `${formatNumber(total)}+` : formatNumber(total);
}

/** Page numbers to offer: the first, the last (when known) and the neighbours of the current one; null marks a gap. */
export function pageWindow(page: number, lastPage: number | undefined, hasNext: boolean): (number | null)[] {
  const last = lastPage ?? (hasNext ? page + 1 : page);
  if (last <= 7) return Array.from({ length: last }, (_, index) => index + 1);
  const pages = new Set([1, page - 1, page, page + 1, ...(lastPage ? [lastPage] : [])]);
  const sorted = [...pages].filter((value) => value >= 1 && value <= last).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((value, index) => {
    if (index > 0 && value - sorted[index - 1]! > 1) out.push(null);
    out.push(value);
  });
  if (!lastPage && hasNext) out.push(null);
  return out;
}

export function Pager({
  page,
  limit,
  total,
  totalCapped = false,
  itemCount,
  maxPage = Number.POSITIVE_INFINITY,
  onPageChange,
  label,
}: PagerProps) {
  const { t } = useTranslation('list');
  const offset = (page - 1) * limit;
  const knownLast = totalCapped ? undefined : Math.max(1, Math.ceil(total / limit));
  const lastPage = knownLast === undefined ? undefined : Math.min(knownLast, maxPage);
  const hasNext = page < maxPage && (lastPage === undefined ? itemCount === limit : page < lastPage);
  const hasPrevious = page > 1;
  // The current page is a primary button, not a secondary one with other colours added: `cn` only joins classes, and
  // of two conflicting utilities the stylesheet's order, not the call's, decides (it drew white on white).
  const navButton = (current = false) =>
    buttonClasses(current ? 'primary' : 'secondary', 'md', 'min-w-11 disabled:cursor-not-allowed');

  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700 tabular-nums" role="status">
        {itemCount > 0 &&
          t('pager.showing', {
            from: formatNumber(offset + 1),
            to: formatNumber(offset + itemCount),
            total: formatTotal(Math.max(total, offset + itemCount), totalCapped),
          })}
      </p>
      {(hasPrevious || hasNext) && (
        <nav aria-label={label ?? t('pager.label')}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <button
                type="button"
                className={navButton()}
                disabled={!hasPrevious}
                aria-label={t('pager.previousPage')}
                onClick={() => onPageChange(page - 1)}
              >
                <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                {t('pager.previous')}
              </button>
            </li>
            {pageWindow(page, lastPage, hasNext).map((value, index) =>
              value === null ? (
                <li key={`gap-${index}`} aria-hidden="true" className="hidden px-1 text-slate-600 sm:block">
                  …
                </li>
              ) : (
                <li key={value} className="hidden sm:block">
                  <button
                    type="button"
                    className={navButton(value === page)}
                    aria-label={t('pager.page', { page: formatNumber(value) })}
                    aria-current={value === page ? 'page' : undefined}
                    onClick={() => value !== page && onPageChange(value)}
                  >
                    {formatNumber(value)}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className={navButton()}
                disabled={!hasNext}
                aria-label={t('pager.nextPage')}
                onClick={() => onPageChange(page + 1)}
              >
                {t('pager.next')}
                <ChevronRight aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
