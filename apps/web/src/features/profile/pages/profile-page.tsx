/** /profile: create the applicant profile, or update it (PAN fixed). A user sent here by the wizard goes back to
 * it once the profile is created. Below it, Change password (as on /account). */
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ApplicantProfileRequest } from '@portal/contract';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorDetail } from '../../../lib/api-client';
import { useMyProfile } from '../../../api/applicants';
import { useSaveProfile } from '../api/profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileForm } from '../components/profile-form';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useMyProfile();
  const save = useSaveProfile();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = (location.state as { from?: string } | null)?.from;

  if (profile.isPending) return <Spinner />;
  const existing = profile.data ?? null;

  const onSave = (body: ApplicantProfileRequest) =>
    save.mutate(
      { exists: existing !== null, body },
      {
        onSuccess: () => {
          toast.success(existing ? t('updated') : t('created'));
          if (!existing && returnTo) void navigate(returnTo, { replace: true });
        },
        onError: (error) => toast.error(errorDetail(error, t('saveFailed'))),
      },
    );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={existing ? t('subtitleUpdate') : t('subtitleCreate')}
        badge={
          existing ? (
            <StatusBadge
              status={existing.kyc_verified ? t('kycVerified') : t('kycPending')}
              tone={existing.kyc_verified ? 'green' : 'grey'}
            />
          ) : undefined
        }
      />
      {/* Keyed on the saved profile so the form starts from what the server holds after each save. */}
      <ProfileForm
        key={existing ? existing.updated_at : 'new'}
        profile={existing}
        saving={save.isPending}
        onSave={onSave}
      />
      <div className="mt-8">
        <ChangePasswordForm />
      </div>
    </>
  );
}
