/** What stands in for a figure, a cell or a line while it loads, so that what replaces it takes the same room and
 * nothing below moves. */
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

/** A grey bar one line of the surrounding text high (the no-break space inside gives it that line's height), hidden
 * from screen readers. Give a width class for the text it stands for. */
export function Placeholder({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('inline-block w-16 max-w-full rounded bg-slate-200', className)}>
      {'\u00a0'}
    </span>
  );
}

/** "Loading..." for screen readers only, inside a region marked aria-busy while its placeholders show. */
export function LoadingLabel() {
  const { t } = useTranslation();
  return <span className="sr-only">{t('loading')}</span>;
}
