/** The New Application wizard: Select Asset, Project Details, Upload Documents, Review & Submit. Needs a profile
 * first; on submit it creates the application, then sends each chosen document in parallel, then opens it. */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ASSET_LIST, DOCUMENT_TYPES, WIZARD_STEPS, type Asset, type DocumentType } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../components/ui/cn';
import { errorDetail } from '../../../lib/api-client';
import { useMyProfile } from '../../../api/applicants';
import { applicationKeys } from '../../../api/applications';
import { useAvailableAssetPage } from '../../../api/assets';
import { useListParams } from '../../../lib/use-list-params';
import { createApplication, uploadDocument } from '../api/applications';
import {
  ProjectDetailsStep,
  ReviewStep,
  SelectAssetStep,
  UploadDocumentsStep,
  type ChosenDocuments,
  type DetailErrors,
  type ProjectDetails,
} from '../components/wizard-steps';
import { useFailureToast } from '../../../lib/use-failure-toast';

const STEP_KEYS = ['asset', 'details', 'documents', 'review'] as const;
const ASSET_PAGE_SIZE = 20;
const PROFILE_TOAST_ID = 'profile-required';

export function detailErrorsOf(details: ProjectDetails, t: (key: string) => string): DetailErrors {
  const errors: DetailErrors = {};
  if (!details.project_description.trim()) errors.project_description = t('wizard.descriptionRequired');
  const investment = Number(details.estimated_investment);
  if (!details.estimated_investment.trim() || !Number.isFinite(investment) || investment <= 0) {
    errors.estimated_investment = t('wizard.investmentRequired');
  }
  const jobs = Number(details.employment_generation);
  if (!details.employment_generation.trim() || !Number.isInteger(jobs) || jobs < 0) {
    errors.employment_generation = t('wizard.employmentRequired');
  }
  return errors;
}

function StepIndicator({ step }: { step: number }) {
  const { t } = useTranslation('applications');
  return (
    <nav aria-label={t('wizard.stepsLabel')} className="mb-6">
      <p className="mb-2 text-sm font-medium text-slate-600">{t('wizard.stepOf', { step, total: WIZARD_STEPS })}</p>
      <ol className="grid grid-cols-4 gap-2">
        {STEP_KEYS.map((key, index) => {
          const number = index + 1;
          const current = number === step;
          return (
            <li
              key={key}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'rounded-md border-t-4 pt-2 text-xs sm:text-sm',
                number < step && 'border-brand-600 text-slate-700',
                current && 'border-brand-700 font-semibold text-brand-800',
                number > step && 'border-slate-200 text-slate-500',
              )}
            >
              <span className="hidden sm:inline">{number}. </span>
              {t(`wizard.steps.${key}`)}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export default function NewApplicationPage() {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useMyProfile();
  // The picker's search, filters and page live in the URL under their own names, so Back restores them.
  const assetList = useListParams(ASSET_LIST, { prefix: 'asset_', limit: ASSET_PAGE_SIZE });
  const assets = useAvailableAssetPage(assetList.query);
  const [step, setStep] = useState(1);
  const [selectedAsset, setSelectedAsset] = useState<Asset>();
  const assetId = selectedAsset?.id;
  const [assetError, setAssetError] = useState<string>();
  const [details, setDetails] = useState<ProjectDetails>({
    application_type: 'new',
    project_description: '',
    estimated_investment: '',
    employment_generation: '',
  });
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({});
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [documents, setDocuments] = useState<ChosenDocuments>({ files: {}, errors: {}, progress: {} });
  const [submitting, setSubmitting] = useState(false);

  useFailureToast(assets.isError, t('wizard.assetsLoadFailed'), 'assets-load-failed');

  const noProfile = profile.isSuccess && profile.data === null;
  useEffect(() => {
    if (noProfile) toast.error(t('wizard.profileRequired'), { id: PROFILE_TOAST_ID });
  }, [noProfile, t]);

  if (profile.isPending) return <Spinner />;
  if (noProfile || profile.isError) return <Navigate to="/profile" replace state={{ from: '/applications/new' }} />;

  const next = () => {
    if (step === 1 && !assetId) {
      const message = t('wizard.selectAsset');
      setAssetError(message);
      toast.error(message);
      return;
    }
    setStep((current) => Math.min(WIZARD_STEPS, current + 1));
    window.scrollTo?.({ top: 0 });
  };
  const back = () => setStep((current) => Math.max(1, current - 1));

  const chooseDocument = (type: DocumentType, file: File | undefined, error: string | undefined) => {
    setDocuments((current) => {
      const files = { ...current.files };
      if (file) files[type] = file;
      else delete files[type];
      const progress = { ...current.progress };
      delete progress[type];
      return { files, errors: { ...current.errors, [type]: error }, progress };
    });
  };

  const submit = async () => {
    if (!assetId) {
      setStep(1);
      setAssetError(t('wizard.selectAsset'));
      toast.error(t('wizard.selectAsset'));
      return;
    }
    const errors = detailErrorsOf(details, t);
    setDetailErrors(errors);
    if (Object.keys(errors).length > 0) {
      toast.error(t('wizard.fillRequired'));
      setFailedSubmits((count) => count + 1);
      setStep(2);
      return;
    }
    setSubmitting(true);
    let applicationId: string;
    try {
      const created = await createApplication({
        asset_id: assetId,
        application_type: details.application_type,
        project_description: details.project_description.trim(),
        estimated_investment: Number(details.estimated_investment),
        employment_generation: Number(details.employment_generation),
      });
      applicationId = created.id;
    } catch (error) {
      toast.error(errorDetail(error, t('wizard.createFailed')));
      setSubmitting(false);
      return;
    }

    const chosen = DOCUMENT_TYPES.filter((type) => documents.files[type]);
    const setProgress = (type: DocumentType, fraction: number) =>
      setDocuments((current) => ({ ...current, progress: { ...current.progress, [type]: fraction } }));
    chosen.forEach((type) => setProgress(type, 0));
    const results = await Promise.allSettled(
      chosen.map((type) =>
        uploadDocument(applicationId, type, documents.files[type]!, (fraction) => setProgress(type, fraction)),
      ),
    );
    const failed = chosen.filter((_, index) => results[index]!.status === 'rejected');
    if (failed.length > 0) {
      toast.error(t('wizard.uploadsFailed', { names: failed.map((type) => t(`documentTypes.${type}`)).join(', ') }));
    }
    await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    toast.success(t('wizard.created'));
    void navigate(`/applications/${applicationId}`);
  };

  return (
    <>
      <PageHeader title={t('wizard.title')} subtitle={t('wizard.subtitle')} />
      <StepIndicator step={step} />
      <Card>
        <h2 className="mb-4 text-xl font-semibold text-slate-900">{t(`wizard.steps.${STEP_KEYS[step - 1]!}`)}</h2>
        {step === 1 && (
          <SelectAssetStep
            assets={assets}
            list={assetList}
            selectedId={assetId}
            error={assetError}
            onSelect={(asset) => {
              setSelectedAsset(asset);
              setAssetError(undefined);
            }}
          />
        )}
        {step === 2 && (
          <ProjectDetailsStep details={details} errors={detailErrors} focusKey={failedSubmits} onChange={setDetails} />
        )}
        {step === 3 && <UploadDocumentsStep documents={documents} disabled={submitting} onChange={chooseDocument} />}
        {step === 4 && <ReviewStep asset={selectedAsset} details={details} documents={documents} />}

        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
          {step > 1 ? (
            <Button variant="secondary" onClick={back} disabled={submitting}>
              {t('wizard.back')}
            </Button>
          ) : (
            <span />
          )}
          {step < WIZARD_STEPS ? (
            <Button onClick={next}>{t('wizard.next')}</Button>
          ) : (
            <Button onClick={() => void submit()} busy={submitting} busyText={t('wizard.submitting')}>
              {t('wizard.submit')}
            </Button>
          )}
        </div>
      </Card>
    </>
  );
}
