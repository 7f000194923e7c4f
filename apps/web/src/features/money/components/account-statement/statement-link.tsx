/** The link to an application's or an allotment's statement of account (decision 016), shown on the application's
 * payments, a plot of My plots and the officers' allotment tab. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollText } from 'lucide-react';
import { buttonClasses, type ButtonSize } from '../../../../components/ui/button';

export function statementHref(kind: 'application' | 'allotment', id: string): string {
  return `/statements/${kind}s/${id}`;
}

export function StatementLink({
  kind,
  id,
  size = 'sm',
  number,
}: {
  kind: 'application' | 'allotment';
  id: string;
  size?: ButtonSize;
  /** The allotment's or application's number, for the accessible name when several links share a screen. */
  number?: string;
}) {
  const { t } = useTranslation('account-statement');
  return (
    <Link
      to={statementHref(kind, id)}
      className={buttonClasses('secondary', size)}
      aria-label={number ? t('linkFor', { number }) : undefined}
    >
      <ScrollText aria-hidden="true" className="h-4 w-4" />
      {t('link')}
    </Link>
  );
}
