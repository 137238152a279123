import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { SEARCH_TABS, TAB_LABELS } from '../stores/searchFields.ts';
import type { SearchTab } from '../stores/searchFields.ts';

type Props = {
  idPrefix: string;
  panelId: string;
  selected: SearchTab;
  onSelect: (tab: SearchTab) => void;
};

/** The tab id of a search tab (the panel is labelled by it). */
export const tabId = (idPrefix: string, tab: SearchTab) => `${idPrefix}-tab-${tab}`;

/** The search tabs (WAI-ARIA tabs: arrows, Home and End move and select, one tab stop). */
export function SearchTabs({ idPrefix, panelId, selected, onSelect }: Props) {
  const buttons = useRef(new Map<SearchTab, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = SEARCH_TABS.indexOf(selected);
    const last = SEARCH_TABS.length - 1;
    const next: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = SEARCH_TABS[target];
    if (tab === undefined) return;
    onSelect(tab);
    buttons.current.get(tab)?.focus();
  };

  return (
    <div className="search-tabs" role="tablist" aria-label="Как искать штрафы">
      {SEARCH_TABS.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element === null) buttons.current.delete(tab);
            else buttons.current.set(tab, element);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab)}
          className="search-tabs__tab"
          aria-selected={tab === selected}
          aria-controls={panelId}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
          onKeyDown={onKeyDown}
        >
          {TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
