/** A queue of a maker-checker screen (refunds, ledger adjustments): a page at a time, a search and one choice filter
 * (a kind, a type of dues), its loading, failure and empty states, and the table the screen draws. The words come from
 * the screen's namespace: filters.search, filters.empty, filters.clear and loadFailed, beside the ones given. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../list-toolbar';
import { PagedList, type PagedListProps } from '../paged-list';
import { useFailureToast } from '../../lib/use-failure-toast';
import { ALL_CHOICE, type ListParamsState } from '../../lib/use-list-params';
import { useSortChange } from './use-sort-change';

export interface ChoiceFilteredListProps<Row, Choice extends string, Sort extends string, Filter extends string> {
  namespace: string;
  /** The list's id, for its fields' ids and its failure toast. */
  id: string;
  list: ListParamsState<Sort, Filter>;
  query: PagedListProps<Row>['query'] & { isError: boolean };
  /** The filter the choice sets, its choices and each one's words. */
  filter: Filter;
  choices: readonly Choice[];
  choiceLabel: (choice: Choice) => string;
  /** The words: the search's placeholder, the filter's label, its "all" choice, and the list's empty text. */
  words: { searchPlaceholder: string; filter: string; all: string; empty: string };
  children: (rows: Row[], sort: string, onSortChange: (sort: string) => void) => ReactNode;
}

export function ChoiceFilteredList<Row, Choice extends string, Sort extends string, Filter extends string>({
  namespace,
  id,
  list,
  query,
  filter,
  choices,
  choiceLabel,
  words,
  children,
}: ChoiceFilteredListProps<Row, Choice, Sort, Filter>) {
  const { t } = useTranslation(namespace);
  const sortBy = useSortChange(list.setSort);
  useFailureToast(query.isError, t('loadFailed'), `${id}-load-failed`);
  return (
    <>
      <ListToolbar
        searchId={`${id}-search`}
        statusId={`${id}-${filter}`}
        searchLabel={t('filters.search')}
        searchPlaceholder={words.searchPlaceholder}
        statusLabel={words.filter}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice(filter, choices)}
        onStatusChange={(value) => list.setChoice(filter, value)}
        statusOptions={[
          { value: ALL_CHOICE, label: words.all },
          ...choices.map((value) => ({ value, label: choiceLabel(value) })),
        ]}
      />
      <PagedList
        query={query}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={list.isFiltered ? t('filters.empty') : words.empty}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => children(items, list.sort, sortBy)}
      </PagedList>
    </>
  );
}
