import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef } from 'react';

export interface TabItem<Key extends string> {
  key: Key;
  label: ReactNode;
}

interface TabsProps<Key extends string> {
  label: string;
  tabs: readonly TabItem<Key>[];
  active: Key;
  onChange: (key: Key) => void;
  children: ReactNode;
}

/**
 * The ARIA tabs pattern: one tab stop; Left/Right (wrapping), Home and End move between tabs and
 * show the tab reached (automatic activation); the panel follows the active tab.
 */
export function Tabs<Key extends string>({ label, tabs, active, onChange, children }: TabsProps<Key>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const tabId = (key: Key) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const targets: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const raw = targets[event.key];
    if (raw === undefined) return;
    event.preventDefault();
    const next = tabs[(raw + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.key, el);
                else tabRefs.current.delete(tab.key);
              }}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} className="tabs__panel" role="tabpanel" aria-labelledby={tabId(active)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
