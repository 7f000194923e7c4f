/** The one maker-checker screen (refunds, ledger adjustments): a header with the screen's own action, then tabs, the
 * first a queue of what the rules say waits to be prepared, then one per status of what was prepared, each a page at a
 * time with a search and a kind to choose. The tab shown is kept in the address (`?view=`), the first one without it.
 * Each list keeps its own page, sort and search in the address under its own prefix, so switching tabs loses nothing.
 * The words come from the screen's namespace: title, subtitle, tabsLabel, tabs.<view>, filters.searchPlaceholder,
 * filters.kind, filters.allKinds and lists.<status>.empty (with ChoiceFilteredList's own). */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../lib/api-client';
import { PageHeader } from '../ui/page-header';
import { Tabs } from '../ui/tabs';
import { useListParams, type ListShape } from '../../lib/use-list-params';
import { ChoiceFilteredList, type ChoiceFilteredListProps } from './choice-filtered-list';

export interface MakerCheckerScreenProps<View extends string> {
  namespace: string;
  /** Every tab in order. */
  views: readonly View[];
  /** The tab shown when the address names none (or one not in the list). */
  firstShown: View;
  /** The screen's own action beside its title (prepare a correction), when the reader may take it. */
  action?: ReactNode;
  children: (view: View) => ReactNode;
}

export function MakerCheckerScreen<View extends string>({
  namespace,
  views,
  firstShown,
  action,
  children,
}: MakerCheckerScreenProps<View>) {
  const { t } = useTranslation(namespace);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('view');
  const view = views.find((each) => each === asked) ?? firstShown;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={action} />
      <Tabs
        label={t('tabsLabel')}
        value={view}
        onValueChange={(next) => setSearchParams(next === firstShown ? {} : { view: next })}
        tabs={views.map((value) => ({ value, label: t(`tabs.${value}`), content: children(value) }))}
      />
    </>
  );
}

export interface StatusQueueProps<Row, Status extends string, Kind extends string, Sort extends string> {
  namespace: string;
  status: Status;
  /** The contract's list definition, with a status and a kind filter. */
  definition: ListShape<Sort, 'status' | 'kind'>;
  /** The screen's query for a page of its rows. */
  usePage: (params: ListParams) => ChoiceFilteredListProps<Row, Kind, Sort, 'status' | 'kind'>['query'];
  kinds: readonly Kind[];
  kindLabel: (kind: Kind) => string;
  children: (rows: Row[], sort: string, onSortChange: (sort: string) => void) => ReactNode;
}

/** One status's list of a maker-checker screen: its status fixed, a kind to choose, a search. */
export function StatusQueue<Row, Status extends string, Kind extends string, Sort extends string>({
  namespace,
  status,
  definition,
  usePage,
  kinds,
  kindLabel,
  children,
}: StatusQueueProps<Row, Status, Kind, Sort>) {
  const { t } = useTranslation(namespace);
  const list = useListParams(definition, { prefix: `${status}_`, fixed: { status: [status] } });
  const page = usePage(list.query);
  return (
    <ChoiceFilteredList
      namespace={namespace}
      id={`${namespace}-${status}`}
      list={list}
      query={page}
      filter="kind"
      choices={kinds}
      choiceLabel={kindLabel}
      words={{
        searchPlaceholder: t('filters.searchPlaceholder'),
        filter: t('filters.kind'),
        all: t('filters.allKinds'),
        empty: t(`lists.${status}.empty`),
      }}
    >
      {children}
    </ChoiceFilteredList>
  );
}
