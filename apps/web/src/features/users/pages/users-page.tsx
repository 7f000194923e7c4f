/** The Users screen (admin): the accounts a page at a time, searched by name or email, filtered by role and state and
 * sorted on the server; Add Officer, and per officer Change role and Deactivate/Reactivate. The admin's own row offers
 * neither, and entrepreneurs' roles are not changed here. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApplicant, formatDate, ROLES, USER_LIST, type User } from '@portal/contract';
import { useUserPage } from '../../../api/users';
import { ListToolbar } from '../../../components/list-toolbar';
import { useSortChange } from '../../../components/list/use-sort-change';
import { PagedList } from '../../../components/paged-list';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAuth } from '../../../lib/auth';
import { ALL_CHOICE, useListParams } from '../../../lib/use-list-params';
import { ActivationDialog } from '../components/activation-dialog';
import { AddOfficerDialog } from '../components/add-officer-dialog';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { ChangeZoneDialog } from '../components/change-zone-dialog';
import { useFailureToast } from '../../../lib/use-failure-toast';

/** The table of one page of users. Kept while its rows, sort and viewer are the same: each key typed into the search
 * draws the page again, and every row with its dialogs drawn again per key cost most of a frame. */
const UserTable = memo(function UserTable({
  rows,
  sort,
  onSortChange,
  meId,
}: {
  rows: User[];
  sort: string;
  onSortChange: (sort: string) => void;
  meId: string | undefined;
}) {
  const { t } = useTranslation('users');
  const columns: Column<User>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortBy: 'full_name',
      cell: (user) => <span className="font-medium">{user.full_name}</span>,
    },
    { key: 'email', header: t('columns.email'), sortBy: 'email', cell: (user) => user.email },
    { key: 'role', header: t('columns.role'), sortBy: 'role', cell: (user) => t(`roles.${user.role}`) },
    {
      key: 'zone',
      header: t('columns.zone'),
      cell: (user) => (isApplicant(user) ? '' : (user.zone ?? t('zone.every'))),
    },
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
    {
      key: 'created',
      header: t('columns.created'),
      sortBy: 'created_at',
      sortDescendingFirst: true,
      cell: (user) => formatDate(user.created_at),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      card: 'actions',
      cell: (user) =>
        user.id === meId ? (
          <span className="text-slate-600">{t('you')}</span>
        ) : (
          <div className="flex gap-2">
            {!isApplicant(user) && <ChangeRoleDialog user={user} />}
            {!isApplicant(user) && <ChangeZoneDialog user={user} />}
            <ActivationDialog user={user} />
          </div>
        ),
    },
  ];

  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={userKey}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

const userKey = (user: User) => user.id;

export default function UsersPage() {
  const { t } = useTranslation('users');
  const { user: me } = useAuth();
  const list = useListParams(USER_LIST);
  const users = useUserPage(list.query);

  useFailureToast(users.isError, t('loadFailed'), 'users-load-failed');

  const role = list.choice('role', ROLES);
  const sortBy = useSortChange(list.setSort);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={<AddOfficerDialog />} />
      <ListToolbar
        searchId="user-search"
        statusId="user-role-filter"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.role')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={role}
        onStatusChange={(value) => list.setChoice('role', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allRoles') },
          ...ROLES.map((value) => ({ value, label: t(`roles.${value}`) })),
        ]}
      >
        <Field id="user-state-filter" label={t('filters.state')}>
          <Select
            value={list.filters.is_active ?? ALL_CHOICE}
            onChange={(event) => list.setChoice('is_active', event.target.value)}
          >
            <option value={ALL_CHOICE}>{t('filters.allStates')}</option>
            <option value="true">{t('states.active')}</option>
            <option value="false">{t('states.inactive')}</option>
          </Select>
        </Field>
      </ListToolbar>
      <PagedList
        query={users}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={t('filters.empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <UserTable rows={items} sort={list.sort} onSortChange={sortBy} meId={me?.id} />}
      </PagedList>
    </>
  );
}
