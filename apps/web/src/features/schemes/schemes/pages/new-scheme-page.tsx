/** /officer/schemes/new (the head office, admins): publish a scheme. The plots are chosen from those available (a
 * search select); an auction asks each plot's reserve price and its bidding rules (the increment, the times, the
 * extension, with section 12's defaults). The contract's schema checks the form before it is sent; the server's 422
 * puts its own errors at the same fields. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  APPLICANT_CATEGORIES,
  auctionEmd,
  formatNumber,
  formatRupees,
  SCHEME_MODES,
  SCHEME_RULES,
} from '@portal/contract';
import { FormRefusal } from '../../../../components/form/schema-form';
import { SearchSelect } from '../../../../components/search-select';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ErrorSummary } from '../../../../components/ui/error-summary';
import { Field } from '../../../../components/ui/field';
import { Input, Select } from '../../../../components/ui/input';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAvailableAssetPage } from '../../../../api/assets';
import { ApiError, errorDetail } from '../../../../lib/api-client';
import { useCreateScheme } from '../../../../api/schemes';
import { schemePaths, useSchemeWords } from '../components/scheme-bits';
import {
  emptySchemeForm,
  fieldIdOf,
  inScreenOrder,
  validate,
  type FieldIssue,
  type SchemeFormValues,
} from '../lib/scheme-form';

const PLOT_CHOICES = 20;

/** A 422's field errors as the form's issues: `body.plots.0.reserve_price` → plots.0.reserve_price, and a plot's
 * `asset_id` → the plots. */
function serverIssues(error: unknown): Array<FieldIssue & { words: string }> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return [];
  const entries = (error.body as { errors?: Array<{ path?: unknown; message?: unknown }> }).errors;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    if (typeof entry.path !== 'string') return [];
    // A plot's own choice has no control of its own once added: its error is the plot list's.
    const path = entry.path.replace(/^body\./, '').replace(/^plots\.\d+(\.asset_id)?$/, 'plots');
    const parts = path.split('.');
    const last = parts[parts.length - 1] ?? path;
    const field = parts.length > 1 && /^\d+$/.test(parts[1] ?? '') ? last : (parts[0] ?? path);
    return [{ path, field, reason: 'server', words: typeof entry.message === 'string' ? entry.message : '' }];
  });
}

export default function NewSchemePage() {
  const { t, i18n } = useTranslation('schemes');
  const words = useSchemeWords();
  const navigate = useNavigate();
  const create = useCreateScheme();
  const [values, setValues] = useState<SchemeFormValues>(emptySchemeForm);
  const [issues, setIssues] = useState<Array<FieldIssue & { words?: string }>>([]);
  const [submits, setSubmits] = useState(0);
  const [refusal, setRefusal] = useState<string>();
  const [plotSearch, setPlotSearch] = useState('');
  const [plotChoice, setPlotChoice] = useState('');
  const assets = useAvailableAssetPage({ limit: PLOT_CHOICES, ...(plotSearch ? { q: plotSearch } : {}) });
  const auction = values.mode === 'auction';

  const set = <K extends keyof SchemeFormValues>(key: K, value: SchemeFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const wordOf = (issue: FieldIssue & { words?: string }) => {
    if (issue.reason === 'server') {
      return (i18n.resolvedLanguage ?? 'en') === 'en' && issue.words
        ? issue.words
        : t(`create.errors.${issue.field}.invalid`, { defaultValue: t('form:validation.invalid') });
    }
    const keys = [`create.errors.${issue.field}.${issue.reason}`, `create.errors.${issue.field}.invalid`];
    const found = keys.find((key) => i18n.exists(`schemes:${key}`));
    return found
      ? t(found, { min: SCHEME_RULES.titleLength.min, max: SCHEME_RULES.titleLength.max, plots: SCHEME_RULES.maxPlots })
      : t('form:validation.invalid');
  };
  const errorAt = (path: string) => {
    const issue = issues.find((candidate) => candidate.path === path);
    return issue ? wordOf(issue) : undefined;
  };
  const summary = issues.map((issue) => ({
    // A list's own error points at the control that adds to it.
    fieldId: fieldIdOf(
      issue.path === 'plots' ? 'plots-choice' : issue.path === 'reservations' ? 'reservations-add' : issue.path,
    ),
    message: wordOf(issue),
  }));

  const addPlot = () => {
    const asset = assets.data?.items.find((item) => item.id === plotChoice);
    if (!asset || values.plots.some((plot) => plot.asset_id === asset.id)) return;
    set('plots', [
      ...values.plots,
      {
        asset_id: asset.id,
        label: t('create.plotLabel', { code: asset.asset_code, zone: asset.zone, location: asset.location }),
        reserve_price: String(asset.valuation),
      },
    ]);
    setPlotChoice('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    setRefusal(undefined);
    const checked = validate(values);
    setIssues(checked.issues);
    if (checked.issues.length > 0) return;
    create.mutate(checked.body, {
      onSuccess: (scheme) => {
        toast.success(t('create.done', { number: scheme.scheme_number }));
        void navigate(schemePaths.officerDetail(scheme.id));
      },
      onError: (error) => {
        const placed = serverIssues(error);
        if (placed.length > 0) setIssues(inScreenOrder(placed));
        else setRefusal(errorDetail(error, t('create.failed')));
      },
    });
  };

  return (
    <>
      <PageHeader title={t('create.title')} subtitle={t('create.subtitle')} />
      <ErrorSummary errors={summary} focusKey={submits} />
      <form id="scheme-form" noValidate onSubmit={submit} className="space-y-6">
        <FormRefusal focusKey={submits}>{refusal}</FormRefusal>
        <Card title={t('create.sections.scheme')} className="space-y-5">
          <Field id={fieldIdOf('title')} label={t('create.fields.title')} error={errorAt('title')}>
            <Input
              value={values.title}
              maxLength={SCHEME_RULES.titleLength.max}
              onChange={(e) => set('title', e.target.value)}
            />
          </Field>
          <fieldset className="space-y-2" aria-describedby="scheme-mode-hint">
            <legend className="font-medium text-slate-900">{t('create.fields.mode')}</legend>
            <p id="scheme-mode-hint" className="text-sm text-slate-600">
              {t(`create.modeHints.${values.mode}`)}
            </p>
            <div className="flex flex-wrap gap-4" id={fieldIdOf('mode')}>
              {SCHEME_MODES.map((mode) => (
                <label key={mode} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="mode"
                    value={mode}
                    checked={values.mode === mode}
                    onChange={() => set('mode', mode)}
                    className="h-5 w-5 accent-brand-700"
                  />
                  {words.mode(mode)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fieldIdOf('opens_at')} label={t('create.fields.opensAt')} error={errorAt('opens_at')}>
              <Input type="datetime-local" value={values.opens_at} onChange={(e) => set('opens_at', e.target.value)} />
            </Field>
            <Field id={fieldIdOf('closes_at')} label={t('create.fields.closesAt')} error={errorAt('closes_at')}>
              <Input
                type="datetime-local"
                value={values.closes_at}
                onChange={(e) => set('closes_at', e.target.value)}
              />
            </Field>
          </div>
        </Card>

        <Card title={t('create.sections.plots')} className="space-y-4">
          <p className="text-sm text-slate-700">
            {t('create.plotsHint', { max: formatNumber(SCHEME_RULES.maxPlots) })}
          </p>
          {errorAt('plots') && (
            <p className="text-sm font-medium text-red-700" id="scheme-plots-error">
              {errorAt('plots')}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="grow">
              <SearchSelect
                id={fieldIdOf('plots-choice')}
                label={t('create.fields.plot')}
                searchLabel={t('create.fields.findPlot')}
                noneLabel={t('create.choosePlot')}
                value={plotChoice}
                onChange={setPlotChoice}
                search={plotSearch}
                onSearch={setPlotSearch}
                hasMore={Boolean(assets.data && assets.data.total > assets.data.items.length)}
                hint={assets.isError ? t('create.plotsFailed') : undefined}
                options={(assets.data?.items ?? [])
                  .filter((asset) => !values.plots.some((plot) => plot.asset_id === asset.id))
                  .map((asset) => ({
                    value: asset.id,
                    label: t('create.plotLabel', {
                      code: asset.asset_code,
                      zone: asset.zone,
                      location: asset.location,
                    }),
                  }))}
              />
            </div>
            <Button type="button" variant="secondary" onClick={addPlot} disabled={!plotChoice}>
              {t('create.addPlot')}
            </Button>
          </div>
          {values.plots.length === 0 ? (
            <p className="text-slate-700">{t('create.noPlots')}</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label={t('create.chosenPlots')}>
              {values.plots.map((plot, index) => {
                const reserve = Number(plot.reserve_price);
                return (
                  <li key={plot.asset_id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-end">
                    <p className="grow font-medium text-slate-900">{plot.label}</p>
                    {auction && (
                      <Field
                        id={fieldIdOf(`plots.${index}.reserve_price`)}
                        label={t('create.fields.reservePrice')}
                        hint={
                          Number.isFinite(reserve) && reserve > 0
                            ? t('create.emdHint', { emd: formatRupees(auctionEmd(reserve)) })
                            : undefined
                        }
                        error={errorAt(`plots.${index}.reserve_price`)}
                      >
                        <Input
                          inputMode="decimal"
                          value={plot.reserve_price}
                          onChange={(e) =>
                            set(
                              'plots',
                              values.plots.map((other, at) =>
                                at === index ? { ...other, reserve_price: e.target.value } : other,
                              ),
                            )
                          }
                        />
                      </Field>
                    )}
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={t('create.removePlot', { plot: plot.label })}
                      onClick={() =>
                        set(
                          'plots',
                          values.plots.filter((_, at) => at !== index),
                        )
                      }
                    >
                      {t('create.remove')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        <Card title={t('create.sections.eligibility')} className="space-y-4">
          <p className="text-sm text-slate-700">{t('create.reservationsHint')}</p>
          {errorAt('reservations') && <p className="text-sm font-medium text-red-700">{errorAt('reservations')}</p>}
          {values.reservations.map((reservation, index) => (
            <div key={index} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field
                id={fieldIdOf(`reservations.${index}.category`)}
                label={t('create.fields.category')}
                error={errorAt(`reservations.${index}.category`)}
                className="grow"
              >
                <Select
                  value={reservation.category}
                  onChange={(e) =>
                    set(
                      'reservations',
                      values.reservations.map((other, at) =>
                        at === index ? { ...other, category: e.target.value as typeof reservation.category } : other,
                      ),
                    )
                  }
                >
                  <option value="">{t('create.chooseCategory')}</option>
                  {APPLICANT_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {words.category(category)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id={fieldIdOf(`reservations.${index}.share_percent`)}
                label={t('create.fields.share')}
                error={errorAt(`reservations.${index}.share_percent`)}
              >
                <Input
                  inputMode="numeric"
                  value={reservation.share_percent}
                  onChange={(e) =>
                    set(
                      'reservations',
                      values.reservations.map((other, at) =>
                        at === index ? { ...other, share_percent: e.target.value } : other,
                      ),
                    )
                  }
                />
              </Field>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() =>
                  set(
                    'reservations',
                    values.reservations.filter((_, at) => at !== index),
                  )
                }
              >
                {t('create.remove')}
              </Button>
            </div>
          ))}
          <Button
            id={fieldIdOf('reservations-add')}
            type="button"
            variant="secondary"
            onClick={() => set('reservations', [...values.reservations, { category: '', share_percent: '' }])}
            disabled={values.reservations.length >= APPLICANT_CATEGORIES.length}
          >
            {t('create.addReservation')}
          </Button>
          <Field
            id={fieldIdOf('min_investment')}
            label={t('create.fields.minInvestment')}
            hint={t('create.minInvestmentHint')}
            optional
            error={errorAt('min_investment')}
          >
            <Input
              inputMode="decimal"
              value={values.min_investment}
              onChange={(e) => set('min_investment', e.target.value)}
            />
          </Field>
        </Card>

        {auction && (
          <Card title={t('create.sections.auction')} className="space-y-4">
            <p className="text-sm text-slate-700">
              {t('create.auctionHint', {
                fee: formatRupees(SCHEME_RULES.participationFee),
                share: formatNumber(SCHEME_RULES.auctionEmdShare * 100),
              })}
            </p>
            <Field id={fieldIdOf('increment')} label={t('create.fields.increment')} error={errorAt('increment')}>
              <Input inputMode="decimal" value={values.increment} onChange={(e) => set('increment', e.target.value)} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id={fieldIdOf('auction_starts_at')}
                label={t('create.fields.biddingStarts')}
                error={errorAt('auction_starts_at')}
              >
                <Input
                  type="datetime-local"
                  value={values.auction_starts_at}
                  onChange={(e) => set('auction_starts_at', e.target.value)}
                />
              </Field>
              <Field
                id={fieldIdOf('auction_ends_at')}
                label={t('create.fields.biddingEnds')}
                error={errorAt('auction_ends_at')}
              >
                <Input
                  type="datetime-local"
                  value={values.auction_ends_at}
                  onChange={(e) => set('auction_ends_at', e.target.value)}
                />
              </Field>
              <Field
                id={fieldIdOf('extension_window_minutes')}
                label={t('create.fields.extensionWindow')}
                hint={t('create.extensionWindowHint')}
                error={errorAt('extension_window_minutes')}
              >
                <Input
                  inputMode="numeric"
                  value={values.extension_window_minutes}
                  onChange={(e) => set('extension_window_minutes', e.target.value)}
                />
              </Field>
              <Field
                id={fieldIdOf('extension_minutes')}
                label={t('create.fields.extensionMinutes')}
                hint={t('create.extensionMinutesHint')}
                error={errorAt('extension_minutes')}
              >
                <Input
                  inputMode="numeric"
                  value={values.extension_minutes}
                  onChange={(e) => set('extension_minutes', e.target.value)}
                />
              </Field>
            </div>
          </Card>
        )}

        {values.mode === 'draw' && <p className="text-slate-800">{t('create.commitmentNote')}</p>}
        <Button type="submit" busy={create.isPending} busyText={t('create.publishing')}>
          {t('create.publish')}
        </Button>
      </form>
    </>
  );
}
