/** The New Application wizard: Select Asset, Project Details, Upload Documents, Review & Submit. Needs a profile
 * first. Opened from a scheme (`?scheme=<id>`, decision 018) it shows the scheme and its deposits, offers only the
 * scheme's plots and sends the scheme with the application. Each step is checked when Next is pressed (an error summary that takes focus, and the message beside each
 * field); the review step is a "check your answers" page with the fees and a declaration, and its one Submit creates
 * the application, uploads the documents and submits it. Save as draft stops before the submit; a failure after
 * creation leaves a draft the applicant finishes from its page. */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ASSET_LIST, WIZARD_STEPS, type Application, type Asset, type DocumentType } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ErrorSummary, type FieldError } from '../../../../components/ui/error-summary';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { Spinner } from '../../../../components/ui/spinner';
import { errorDetail } from '../../../../lib/api-client';
import { useMyProfile } from '../../../../api/applicants';
import { applicationKeys } from '../../../../api/applications';
import { useAsset, useAvailableAssetPage } from '../../../../api/assets';
import { useScheme } from '../../../../api/schemes';
import { SchemeApplyCard, SchemePlotChoice } from '../../../schemes/components/scheme-apply/scheme-apply';
import { invoiceKeys } from '../../../../api/invoices';
import { useListParams } from '../../../../lib/use-list-params';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { sendApplication, type SendIntent, type SendOutcome } from '../api/send-application';
import { ChosenAssetLine, SelectAssetStep } from '../components/wizard-steps';
import {
  DETAIL_FIELDS,
  EMPTY_DETAILS,
  ProjectDetailsStep,
  projectDetailsSchema,
} from '../components/wizard/project-details-step';
import { useSchemaForm } from '../../../../components/form/schema-form';
import { DECLARATION_ID, ReviewStep, type ChangeTarget } from '../components/wizard/review-step';
import { STEP_KEYS, StepIndicator } from '../components/wizard/step-indicator';
import { NO_DOCUMENTS, UploadDocumentsStep, type ChosenDocuments } from '../components/wizard/upload-documents-step';

const ASSET_PAGE_SIZE = 20;
const PROFILE_TOAST_ID = 'profile-required';
/** Failures that leave a draft stay up longer: they say what to do next. */
const LONG_TOAST_MS = 10_000;
const STEP_OF: Record<ChangeTarget, number> = { asset: 1, details: 2, documents: 3 };

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
  // A plot chosen before starting (the plot map's "apply for this plot" opens /applications/new?asset=<id>) is
  // selected on arrival, when it is still available.
  const [searchParams] = useSearchParams();
  const schemeId = searchParams.get('scheme') ?? '';
  const scheme = useScheme(schemeId);
  const schemePlots = scheme.data?.plots;
  const presetAsset = useAsset(selectedAsset ? undefined : (searchParams.get('asset') ?? undefined));
  useEffect(() => {
    const preset = presetAsset.data;
    if (!preset) return;
    // In a scheme only its own plots may be chosen (they are held for the scheme, not open to everyone).
    const allowed = schemeId
      ? Boolean(schemePlots?.some((plot) => plot.asset_id === preset.id))
      : preset.status === 'available';
    if (allowed) setSelectedAsset((current) => current ?? preset);
  }, [presetAsset.data, schemeId, schemePlots]);
  const [schemePick, setSchemePick] = useState<string>();
  const pickedAsset = useAsset(schemePick);
  useEffect(() => {
    if (pickedAsset.data && pickedAsset.data.id === schemePick) setSelectedAsset(pickedAsset.data);
  }, [pickedAsset.data, schemePick]);
  const [assetError, setAssetError] = useState<string>();
  const detailsForm = useSchemaForm({
    schema: projectDetailsSchema,
    defaultValues: EMPTY_DETAILS,
    messages: 'applications:wizard.errors',
    idPrefix: '',
    fieldOrder: DETAIL_FIELDS,
  });
  const details = detailsForm.watch();
  const [documents, setDocuments] = useState<ChosenDocuments>(NO_DOCUMENTS);
  const [declared, setDeclared] = useState(false);
  const [declarationError, setDeclarationError] = useState<string>();
  /** Counts refused steps, so the error summary takes focus again each time. */
  const [refusals, setRefusals] = useState(0);
  /** Set by a Change link on the review step: the changed step's button leads back to the review. */
  const [returnToReview, setReturnToReview] = useState(false);
  const [sending, setSending] = useState<SendIntent>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useFailureToast(assets.isError, t('wizard.assetsLoadFailed'), 'assets-load-failed');

  const noProfile = profile.isSuccess && profile.data === null;
  useEffect(() => {
    if (noProfile) toast.error(t('wizard.profileRequired'), { id: PROFILE_TOAST_ID });
  }, [noProfile, t]);

  const summary: FieldError[] =
    step === 1
      ? assetError
        ? [{ fieldId: 'asset', message: assetError }]
        : []
      : step === 2
        ? detailsForm.summary
        : step === 4 && declarationError
          ? [{ fieldId: DECLARATION_ID, message: declarationError }]
          : [];

  // A new step is announced by moving focus to its heading, unless its error summary has taken focus.
  const summaryShown = summary.length > 0;
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (!summaryShown) headingRef.current?.focus();
  }, [step, summaryShown]);

  if (profile.isPending) return <Spinner />;
  if (noProfile || profile.isError) return <Navigate to="/profile" replace state={{ from: '/applications/new' }} />;

  const goTo = (target: number) => {
    setStep(target);
    if (target === WIZARD_STEPS) setReturnToReview(false);
    window.scrollTo?.({ top: 0 });
  };

  const refuse = () => setRefusals((count) => count + 1);

  /** Checks a step as Next (or Submit) would, showing its errors; true when it may be left. */
  const stepIsComplete = async (which: number): Promise<boolean> => {
    if (which === 1) {
      const error = assetId ? undefined : t('wizard.selectAsset');
      setAssetError(error);
      return !error;
    }
    if (which === 2) return detailsForm.trigger();
    return true;
  };

  const next = async () => {
    if (!(await stepIsComplete(step))) {
      refuse();
      return;
    }
    goTo(returnToReview ? WIZARD_STEPS : Math.min(WIZARD_STEPS, step + 1));
  };
  const back = () => goTo(Math.max(1, step - 1));
  const change = (target: ChangeTarget) => {
    setReturnToReview(true);
    goTo(STEP_OF[target]);
  };

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
  const setProgress = (type: DocumentType, fraction: number) =>
    setDocuments((current) => ({ ...current, progress: { ...current.progress, [type]: fraction } }));

  const documentNames = (types: DocumentType[]) => types.map((type) => t(`documentTypes.${type}`)).join(', ');

  /** Tells the applicant where the application stands after a send that created it. */
  const announce = (intent: SendIntent, outcome: Exclude<SendOutcome, { kind: 'create_failed' }>) => {
    const number = outcome.application.application_number;
    switch (outcome.kind) {
      case 'submitted':
        toast.success(t('wizard.created'), { description: t('wizard.submittedNote', { number }) });
        return;
      case 'saved':
        toast.success(t('wizard.created'), { description: t('wizard.savedNote', { number }) });
        return;
      case 'uploads_failed':
        if (intent === 'draft') {
          toast.success(t('wizard.created'), { description: t('wizard.savedNote', { number }) });
          toast.error(t('wizard.uploadsFailed', { names: documentNames(outcome.failed) }), {
            duration: LONG_TOAST_MS,
          });
        } else {
          toast.error(t('wizard.notSubmittedTitle', { number }), {
            description: t('wizard.notSubmittedUploads', { names: documentNames(outcome.failed) }),
            duration: LONG_TOAST_MS,
          });
        }
        return;
      case 'submit_failed':
        toast.error(t('detail.submitFailed'), {
          description: t('wizard.submitFailedNote', {
            number,
            reason: errorDetail(outcome.error, t('wizard.submitFailedReason')),
          }),
          duration: LONG_TOAST_MS,
        });
    }
  };

  const send = async (intent: SendIntent) => {
    // Every step was checked on the way here; check again, in case a Change link left one incomplete.
    for (const which of [1, 2]) {
      if (!(await stepIsComplete(which))) {
        refuse();
        goTo(which);
        return;
      }
    }
    if (intent === 'submit' && !declared) {
      setDeclarationError(t('wizard.declaration.required'));
      refuse();
      return;
    }
    setSending(intent);
    const project = projectDetailsSchema.parse(detailsForm.getValues());
    const outcome = await sendApplication({
      intent,
      application: { asset_id: assetId!, ...(schemeId ? { scheme_id: schemeId } : {}), ...project },
      files: documents.files,
      onProgress: setProgress,
    });
    if (outcome.kind === 'create_failed') {
      toast.error(errorDetail(outcome.error, t('wizard.createFailed')));
      setDocuments((current) => ({ ...current, progress: {} }));
      setSending(undefined);
      return;
    }
    const created: Application = outcome.application;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
    announce(intent, outcome);
    void navigate(`/applications/${created.id}`);
  };

  const busy = sending !== undefined;
  const lastStep = step === WIZARD_STEPS;

  return (
    <>
      <PageHeader title={t('wizard.title')} subtitle={t('wizard.subtitle')} />
      {scheme.data && <SchemeApplyCard scheme={scheme.data} />}
      <StepIndicator step={step} />
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-semibold text-slate-900 focus:outline-none">
          {t(`wizard.steps.${STEP_KEYS[step - 1]!}`)}
        </h2>
        <ErrorSummary errors={summary} focusKey={refusals} title={step === 2 ? t('wizard.fillRequired') : undefined} />
        {step === 1 && schemeId && (
          <QueryState query={scheme} errorMessage={t('scheme-apply:loadFailed')}>
            {(data) => (
              <SchemePlotChoice
                scheme={data}
                value={schemePick ?? assetId}
                error={assetError}
                onChange={(id) => {
                  setSchemePick(id);
                  setAssetError(undefined);
                }}
              />
            )}
          </QueryState>
        )}
        {step === 1 && !schemeId && (
          <SelectAssetStep
            assets={assets}
            list={assetList}
            selected={selectedAsset}
            error={assetError}
            onSelect={(asset) => {
              setSelectedAsset(asset);
              setAssetError(undefined);
            }}
          />
        )}
        {step === 2 && <ProjectDetailsStep form={detailsForm} />}
        {step === 3 && <UploadDocumentsStep documents={documents} disabled={busy} onChange={chooseDocument} />}
        {lastStep && (
          <ReviewStep
            asset={selectedAsset}
            details={details}
            documents={documents}
            declared={declared}
            declarationError={declarationError}
            onDeclare={(value) => {
              setDeclared(value);
              if (value) setDeclarationError(undefined);
            }}
            onChange={change}
            disabled={busy}
          />
        )}

        <div
          role="group"
          aria-label={t('wizard.stepNavigation')}
          className="mt-6 flex flex-col-reverse gap-3 border-t-2 border-slate-300 pt-4 sm:flex-row sm:justify-between"
        >
          {step > 1 ? (
            <Button variant="secondary" onClick={back} disabled={busy}>
              {t('wizard.back')}
            </Button>
          ) : (
            <ChosenAssetLine asset={selectedAsset} />
          )}
          {!lastStep ? (
            <Button onClick={() => void next()}>
              {returnToReview ? t('wizard.continueToReview') : t('wizard.next')}
            </Button>
          ) : (
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <Button
                variant="secondary"
                onClick={() => void send('draft')}
                disabled={busy && sending !== 'draft'}
                busy={sending === 'draft'}
                busyText={t('wizard.savingDraft')}
              >
                {t('wizard.saveDraft')}
              </Button>
              <Button
                onClick={() => void send('submit')}
                disabled={busy && sending !== 'submit'}
                busy={sending === 'submit'}
                busyText={t('wizard.submitting')}
              >
                {t('wizard.submit')}
              </Button>
            </div>
          )}
        </div>
      </Card>
    </>
  );
}
