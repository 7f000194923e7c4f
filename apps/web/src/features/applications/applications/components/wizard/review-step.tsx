/** Step 4, Review & Submit, a "check your answers" page: the asset, the project and the documents each with a Change
 * link back to its step, a warning for required documents not attached, the fees that submission raises (and the
 * premium after approval), and the declaration the applicant confirms before submitting. */
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { DOCUMENT_TYPES, formatRupees, type Asset } from '@portal/contract';
import { Button } from '../../../../../components/ui/button';
import { Card } from '../../../../../components/ui/card';
import { Checkbox } from '../../../../../components/ui/input';
import { cn } from '../../../../../components/ui/cn';
import { ProgressBar } from '../progress-bar';
import { AssetSummary } from '../wizard-steps';
import { FeeBreakdown } from './fee-estimate';
import type { ProjectDetails } from './project-details-step';
import { missingRequiredDocuments, type ChosenDocuments } from './upload-documents-step';

/** The step a Change link goes back to. */
export type ChangeTarget = 'asset' | 'details' | 'documents';

export const DECLARATION_ID = 'declaration';

function ChangeLink({ target, disabled, onChange }: { target: ChangeTarget; disabled: boolean; onChange: () => void }) {
  const { t } = useTranslation('applications');
  return (
    <Button variant="link" size="sm" disabled={disabled} onClick={onChange}>
      {t('wizard.change')} <span className="sr-only">{t(`wizard.changeHidden.${target}`)}</span>
    </Button>
  );
}

export interface ReviewStepProps {
  asset: Asset | undefined;
  details: ProjectDetails;
  documents: ChosenDocuments;
  declared: boolean;
  declarationError: string | undefined;
  onDeclare: (declared: boolean) => void;
  onChange: (target: ChangeTarget) => void;
  /** While the application is being sent nothing may change. */
  disabled: boolean;
}

export function ReviewStep({
  asset,
  details,
  documents,
  declared,
  declarationError,
  onDeclare,
  onChange,
  disabled,
}: ReviewStepProps) {
  const { t } = useTranslation('applications');
  const chosen = DOCUMENT_TYPES.filter((type) => documents.files[type]);
  const missing = missingRequiredDocuments(documents);
  const investment = Number(details.estimated_investment);
  const notProvided = t('wizard.notProvided');
  const change = (target: ChangeTarget) => (
    <ChangeLink target={target} disabled={disabled} onChange={() => onChange(target)} />
  );
  const errorId = `${DECLARATION_ID}-error`;
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('wizard.checkAnswers')}</p>
      <Card title={t('wizard.reviewAsset')} action={change('asset')}>
        {asset ? <AssetSummary asset={asset} /> : <p>{notProvided}</p>}
      </Card>
      <Card title={t('wizard.reviewProject')} action={change('details')}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">{t('wizard.applicationType')}</dt>
            <dd className="font-medium">{t(`applicationTypes.${details.application_type}`)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('wizard.estimatedInvestment')}</dt>
            <dd className="font-medium tabular-nums">
              {details.estimated_investment.trim() && Number.isFinite(investment)
                ? formatRupees(investment)
                : notProvided}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('wizard.employmentGeneration')}</dt>
            <dd className="font-medium tabular-nums">{details.employment_generation.trim() || notProvided}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm text-slate-600">{t('wizard.projectDescription')}</dt>
            <dd className="font-medium whitespace-pre-line">{details.project_description.trim() || notProvided}</dd>
          </div>
        </dl>
      </Card>
      <Card title={t('wizard.reviewDocuments')} action={change('documents')}>
        {missing.length > 0 && (
          <div className="mb-4 flex gap-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
            <p>
              <strong className="font-semibold">
                <span className="sr-only">{t('wizard.missingDocuments.warning')}: </span>
                {t('wizard.missingDocuments.title')}
              </strong>{' '}
              {t('wizard.missingDocuments.body', {
                names: missing.map((type) => t(`documentTypes.${type}`)).join(', '),
              })}
            </p>
          </div>
        )}
        {chosen.length === 0 ? (
          <p className="text-slate-700">{t('wizard.noDocuments')}</p>
        ) : (
          <ul className="space-y-3">
            {chosen.map((type) => (
              <li key={type} className="space-y-1">
                <p>
                  <span className="font-medium">{t(`documentTypes.${type}`)}</span>: {documents.files[type]!.name}
                </p>
                {documents.progress[type] !== undefined && (
                  <ProgressBar
                    value={documents.progress[type]!}
                    label={t('wizard.uploadProgress', { type: t(`documentTypes.${type}`) })}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {asset && (
        <Card title={t('fees.title')} aria-label={t('fees.title')}>
          <FeeBreakdown valuation={asset.valuation} />
        </Card>
      )}
      <Card title={t('wizard.declaration.title')}>
        <div className={cn('space-y-2', declarationError && 'border-l-4 border-red-700 pl-3')}>
          {declarationError && (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {declarationError}
            </p>
          )}
          <Checkbox
            id={DECLARATION_ID}
            label={t('wizard.declaration.label')}
            checked={declared}
            disabled={disabled}
            aria-describedby={declarationError ? errorId : undefined}
            aria-invalid={declarationError ? true : undefined}
            onChange={(event) => onDeclare(event.target.checked)}
            className="items-start [&>input]:mt-0.5 [&>input]:shrink-0"
          />
          <p className="text-sm text-slate-600">{t('wizard.declaration.draftHint')}</p>
        </div>
      </Card>
    </div>
  );
}
