/** The Users screen (admin): every account, Add Officer, and per officer Change role and Deactivate/Reactivate.
 * The admin's own row offers neither, and entrepreneurs' roles are not changed here. */
import { useTranslation } from 'react-i18next';
import { formatDate, type User } from '@portal/contract';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAuth } from '../../../lib/auth';
import { useUserList } from '../api/users';
import { ActivationDialog } from '../components/activation-dialog';
import { AddOfficerDialog } from '../components/add-officer-dialog';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { useFailureToast } from '../../../lib/use-failure-toast';

export default function UsersPage() {
  const { t } = useTranslation('users');
  const { user: me } = useAuth();
  const users = useUserList();

  useFailureToast(users.isError, t('loadFailed'), 'users-load-failed');

  const columns: Column<User>[] = [
    { key: 'name', header: t('columns.name'), cell: (user) => <span className="font-medium">{user.full_name}</span> },
    { key: 'email', header: t('columns.email'), cell: (user) => user.email },
    { key: 'role', header: t('columns.role'), cell: (user) => t(`roles.${user.role}`) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (user) => (
        <StatusBadge
          status={user.is_active ? t('states.active') : t('states.inactive')}
          tone={user.is_active ? 'green' : 'grey'}
        />
      ),
    },
    { key: 'created', header: t('columns.created'), cell: (user) => formatDate(user.created_at) },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (user) =>
        user.id === me?.id ? (
          <span className="text-slate-600">{t('you')}</span>
        ) : (
          <div className="flex gap-2">
            {user.role !== 'entrepreneur' && <ChangeRoleDialog user={user} />}
            <ActivationDialog user={user} />
          </div>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={<AddOfficerDialog />} />
      <QueryState query={users} errorMessage={t('loadFailed')}>
        {(list) => (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {t('count', { count: list.length })}
            </p>
            <DataTable caption={t('caption')} columns={columns} rows={list} rowKey={(user) => user.id} />
          </>
        )}
      </QueryState>
    </>
  );
}
