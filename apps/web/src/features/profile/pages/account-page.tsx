/** /account, for every role: who is signed in, their mobile and SMS choices, and Change password. */
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useAuth } from '../../../lib/auth';
import { ChangePasswordForm } from '../components/change-password-form';
import { MobileSettingsCard } from '../components/mobile-settings';

export default function AccountPage() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <div className="space-y-6">
        <Card title={t('account.details')}>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-slate-700">{t('account.name')}</dt>
            <dd className="text-slate-900">{user.full_name}</dd>
            <dt className="font-medium text-slate-700">{t('account.email')}</dt>
            <dd className="break-all text-slate-900">{user.email}</dd>
            <dt className="font-medium text-slate-700">{t('account.role')}</dt>
            <dd className="text-slate-900">{t(`account.roles.${user.role}`)}</dd>
          </dl>
        </Card>
        <MobileSettingsCard />
        <ChangePasswordForm />
      </div>
    </>
  );
}
