/** The page header: title (h1, also the document title), one-line subtitle, the page's main action on the right. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnNavigation } from './route-focus';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** The page's main action(s), e.g. a "New Application" link. */
  actions?: ReactNode;
  /** Something shown beside the title, e.g. a status badge. */
  badge?: ReactNode;
}

/** Page title row; also sets the browser tab title. */
export function PageHeader({ title, subtitle, actions, badge }: PageHeaderProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnNavigation(heading, title);
  useEffect(() => {
    document.title = t('pageTitle', { title });
  }, [t, title]);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
            {title}
          </h1>
          {badge}
        </div>
        {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="no-print flex flex-wrap gap-2 sm:shrink-0">{actions}</div>}
    </div>
  );
}
