/** Any unknown path: "Page not found" with a link home. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeFor } from '@portal/contract';
import { useAuth } from '../lib/auth';
import { Card } from '../components/ui/card';
import { PageHeader } from '../components/ui/page-header';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <Card>
        <p className="mb-4 text-slate-700">{t('notFound.body')}</p>
        <Link
          to={user ? homeFor(user.role) : '/login'}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {t('notFound.home')}
        </Link>
      </Card>
    </>
  );
}
