/** The wizard's four steps: Select Asset, Project Details, Upload Documents, Review & Submit. */
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_TYPES,
  ASSET_TYPES,
  DOCUMENT_TYPES,
  formatNumber,
  formatRupees,
  type ApplicationType,
  type Asset,
  type DocumentType,
} from '@portal/contract';
import { DebouncedInput } from '../../../components/debounced-input';
import { PagedList, type PagedListProps } from '../../../components/paged-list';
import { Card } from '../../../components/ui/card';
import { ErrorSummary, type FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';
import { DocumentPicker } from './document-picker';
import { ProgressBar } from './progress-bar';

export interface ProjectDetails {
  application_type: ApplicationType;
  project_description: string;
  estimated_investment: string;
  employment_generation: string;
}

export type DetailErrors = Partial<
  Record<'project_description' | 'estimated_investment' | 'employment_generation', string>
>;

export function AssetSummary({ asset }: { asset: Asset }) {
  const { t } = useTranslation('applications');
  return (
    <div className="space-y-1">
      <p className="font-semibold text-slate-900">
        {asset.asset_code} · {t(`assetTypes.${asset.type}`)}
      </p>
      <p className="text-slate-700">
        {asset.location}, {asset.zone}
      </p>
      <p className="text-sm text-slate-600">
        {t('wizard.survey')} {asset.survey_number} · {t('wizard.area')} {formatNumber(asset.total_area)} {asset.unit} ·{' '}
        {t('wizard.valuation')} {formatRupees(asset.valuation)}
      </p>
    </div>
  );
}

/** The asset picker's search, filters and page (useListParams over ASSET_LIST). */
export interface AssetPickerState {
  searchText: string;
  setSearchText: (text: string) => void;
  filters: { zone?: string; type?: string };
  setFilter: (filter: 'zone' | 'type', value: string | undefined) => void;
}

const ALL = 'all';

export function SelectAssetStep({
  assets,
  list,
  selectedId,
  error,
  onSelect,
}: {
  assets: PagedListProps<Asset>['query'];
  list: PagedListProps<Asset>['list'] & AssetPickerState;
  selectedId: string | undefined;
  error: string | undefined;
  onSelect: (asset: Asset) => void;
}) {
  const { t } = useTranslation('applications');
  const type = (ASSET_TYPES as readonly string[]).includes(list.filters.type ?? '') ? list.filters.type! : ALL;
  return (
    <fieldset aria-describedby={error ? 'asset-error' : undefined}>
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('wizard.assetsLabel')}</legend>
      {error && (
        <p id="asset-error" role="alert" className="mb-3 font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <Field id="asset-search" label={t('wizard.assetSearch')} hint={t('wizard.assetSearchHint')}>
          <Input
            type="search"
            value={list.searchText}
            maxLength={100}
            onChange={(event) => list.setSearchText(event.target.value)}
          />
        </Field>
        <Field id="asset-zone" label={t('wizard.assetZone')}>
          <DebouncedInput
            value={list.filters.zone ?? ''}
            placeholder={t('wizard.assetZonePlaceholder')}
            maxLength={60}
            onCommit={(zone) => list.setFilter('zone', zone)}
          />
        </Field>
        <Field id="asset-type" label={t('wizard.assetType')}>
          <Select
            value={type}
            onChange={(event) => list.setFilter('type', event.target.value === ALL ? undefined : event.target.value)}
          >
            <option value={ALL}>{t('wizard.allAssetTypes')}</option>
            {ASSET_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`assetTypes.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <PagedList
        query={assets}
        list={list}
        errorMessage={t('wizard.assetsLoadFailed')}
        emptyMessage={list.isFiltered ? t('wizard.noMatchingAssets') : t('wizard.noAssets')}
        clearFiltersLabel={t('wizard.clearAssetSearch')}
        pagerLabel={t('wizard.assetPages')}
      >
        {(list) => (
          <div className="grid gap-3 md:grid-cols-2">
            {list.map((asset) => {
              const checked = asset.id === selectedId;
              return (
                <label
                  key={asset.id}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border bg-white p-4 hover:border-brand-600',
                    checked ? 'border-2 border-brand-700 bg-brand-50' : 'border-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    name="asset"
                    value={asset.id}
                    checked={checked}
                    onChange={() => onSelect(asset)}
                    className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                    aria-label={`${asset.asset_code}, ${asset.location}, ${asset.zone}`}
                  />
                  <AssetSummary asset={asset} />
                </label>
              );
            })}
          </div>
        )}
      </PagedList>
    </fieldset>
  );
}

export function ProjectDetailsStep({
  details,
  errors,
  focusKey,
  onChange,
}: {
  details: ProjectDetails;
  errors: DetailErrors;
  focusKey: number;
  onChange: (details: ProjectDetails) => void;
}) {
  const { t } = useTranslation('applications');
  const summary: FieldError[] = (
    ['project_description', 'estimated_investment', 'employment_generation'] as const
  ).flatMap((name) => (errors[name] ? [{ fieldId: name, message: errors[name]! }] : []));
  const set = <K extends keyof ProjectDetails>(key: K, value: ProjectDetails[K]) =>
    onChange({ ...details, [key]: value });
  return (
    <div className="space-y-5">
      <ErrorSummary errors={summary} focusKey={focusKey} />
      <Field id="application_type" label={t('wizard.applicationType')}>
        <Select
          value={details.application_type}
          onChange={(event) => set('application_type', event.target.value as ApplicationType)}
        >
          {APPLICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`applicationTypes.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="project_description"
        label={t('wizard.projectDescription')}
        hint={t('wizard.projectDescriptionHint')}
        error={errors.project_description}
      >
        <Textarea
          rows={5}
          value={details.project_description}
          onChange={(event) => set('project_description', event.target.value)}
        />
      </Field>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="estimated_investment" label={t('wizard.estimatedInvestment')} error={errors.estimated_investment}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={details.estimated_investment}
            onChange={(event) => set('estimated_investment', event.target.value)}
          />
        </Field>
        <Field id="employment_generation" label={t('wizard.employmentGeneration')} error={errors.employment_generation}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={details.employment_generation}
            onChange={(event) => set('employment_generation', event.target.value)}
          />
        </Field>
      </div>
    </div>
  );
}

export interface ChosenDocuments {
  files: Partial<Record<DocumentType, File>>;
  errors: Partial<Record<DocumentType, string>>;
  progress: Partial<Record<DocumentType, number>>;
}

export function UploadDocumentsStep({
  documents,
  disabled,
  onChange,
}: {
  documents: ChosenDocuments;
  disabled: boolean;
  onChange: (type: DocumentType, file: File | undefined, error: string | undefined) => void;
}) {
  const { t } = useTranslation('applications');
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('wizard.documentsIntro')}</p>
      {DOCUMENT_TYPES.map((type) => (
        <DocumentPicker
          key={type}
          type={type}
          file={documents.files[type]}
          error={documents.errors[type]}
          progress={documents.progress[type]}
          disabled={disabled}
          onChange={(file, error) => onChange(type, file, error)}
        />
      ))}
    </div>
  );
}

export function ReviewStep({
  asset,
  details,
  documents,
}: {
  asset: Asset | undefined;
  details: ProjectDetails;
  documents: ChosenDocuments;
}) {
  const { t } = useTranslation('applications');
  const chosen = DOCUMENT_TYPES.filter((type) => documents.files[type]);
  const investment = Number(details.estimated_investment);
  const notProvided = t('wizard.notProvided');
  return (
    <div className="space-y-4">
      <Card title={t('wizard.reviewAsset')}>{asset ? <AssetSummary asset={asset} /> : <p>{notProvided}</p>}</Card>
      <Card title={t('wizard.reviewProject')}>
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
            <dd className="whitespace-pre-line font-medium">{details.project_description.trim() || notProvided}</dd>
          </div>
        </dl>
      </Card>
      <Card title={t('wizard.reviewDocuments')}>
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
    </div>
  );
}
