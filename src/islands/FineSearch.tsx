import { useEffect, useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { SEARCH_CONSENT_LINE, SEARCH_CONSENT_PATH, SEARCH_CONSENT_VERSION } from '../lib/consent.ts';
import { goTo } from '../stores/navigation.ts';
import { $search, leaveField, resetSearch, runRecentCheck, selectTab, setField, submitSearch } from '../stores/search.ts';
import type { SearchOutcome } from '../stores/search.ts';
import { FINES_PATH } from '../stores/finesTarget.ts';
import { TAB_NOTES, tabFields } from '../stores/searchFields.ts';
import type { SearchField as Field, SearchTab } from '../stores/searchFields.ts';
import type { SearchValues } from '../stores/searchFlow.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { SearchField } from './SearchField.tsx';
import { SearchTabs } from './SearchTabs.tsx';
import { RecentChecks } from './RecentChecks.tsx';
import './FineSearch.css';

type Props = {
  /** The tab the page promises (the landing entry's `tab`). */
  initialTab: SearchTab;
  /** Values to start with (the /fines/ page passes what the form sent without JavaScript). */
  initialValues?: Partial<SearchValues>;
  /** Submit the values at once (the /fines/ page, for a form sent before the island woke up). */
  autoSubmit?: boolean;
};

/** The fine-search island: tabs, masked fields, validation next to the fields, progress on the button. */
export default function FineSearch(props: Props) {
  return (
    <AppErrorBoundary>
      <SearchPanel {...props} />
    </AppErrorBoundary>
  );
}

/** Focuses a field of the form by its id. */
const focusField = (prefix: string, field: Field) => document.getElementById(`${prefix}-${field}`)?.focus();

/** The form itself; a real GET form to /fines/, so it works before hydration and without JavaScript. */
export function SearchPanel({ initialTab, initialValues = {}, autoSubmit = false }: Props) {
  const prefix = `search${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  // The store is set for this page before the first render, on the server and in the browser alike.
  useState(() => {
    resetSearch(initialTab, initialValues);
    return true;
  });
  const state = useStore($search);
  const panelId = `${prefix}-panel`;
  const fields = tabFields(state.tab, state.stsNeedsPlate);

  async function run(search: () => Promise<SearchOutcome> = submitSearch) {
    const outcome = await search();
    if (outcome.kind === 'navigate') goTo(outcome.url);
    else if (outcome.kind === 'invalid') focusField(prefix, outcome.field);
    else if (outcome.kind === 'needsPlate') setTimeout(() => focusField(prefix, 'plateNumber'), 0);
  }

  useEffect(() => {
    if (autoSubmit) void run();
    // Once, on mount: the values came with the page.
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };

  return (
    <div className="fine-search">
      <SearchTabs idPrefix={prefix} panelId={panelId} selected={state.tab} onSelect={selectTab} />
      {/* The panel is not named after its tab: «Госномер и СТС» would also answer to the field label «Госномер». */}
      <div className="fine-search__panel" role="tabpanel" id={panelId}>
        <p className="fine-search__note">{TAB_NOTES[state.tab]}</p>
        <form className={`fine-search__form fine-search__form--${fields.includes('plateNumber') ? 'vehicle' : 'single'}`} method="get" action={FINES_PATH} onSubmit={onSubmit}>
          {fields.map((field) => (
            <SearchField
              key={field}
              id={`${prefix}-${field}`}
              field={field}
              value={state.values[field]}
              error={state.errors[field]}
              onChange={setField}
              onLeave={leaveField}
            />
          ))}
          {state.tab === 'sts' && state.stsNeedsPlate && (
            <p className="fine-search__ask" role="status">
              Этого СТС ещё нет в списке документов этого браузера. Укажите госномер автомобиля — он записан в том же СТС — и мы найдём штрафы.
            </p>
          )}
          <button type="submit" className="btn btn--accent fine-search__submit" disabled={state.busy} aria-busy={state.busy}>
            {state.busy && <span className="spinner" aria-hidden="true" />}
            {state.busy ? 'Ищем штрафы…' : 'Найти штрафы'}
          </button>
          <SearchConsent />
          {state.formError !== '' && (
            <p className="fine-search__error" role="alert">
              {state.formError}
            </p>
          )}
        </form>
        <RecentChecks busy={state.busy} onRun={(check) => void run(() => runRecentCheck(check))} />
      </div>
    </div>
  );
}

/** The consent under the search button: one line, its full text a link away (issue 24 item 21; src/lib/consent.ts). */
function SearchConsent() {
  return (
    <p className="fine-search__consent" data-consent-version={SEARCH_CONSENT_VERSION}>
      {SEARCH_CONSENT_LINE.lead} <a href={SEARCH_CONSENT_PATH}>{SEARCH_CONSENT_LINE.link}</a>
    </p>
  );
}
