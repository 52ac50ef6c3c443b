import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The Retagger's keys, as the help on the screen lists them. */
export interface RetagShortcutActions {
  focusSearch: () => void;
  focusTagFinder: () => void;
  /** Moves focus to the next (+1) or previous (-1) video's checkbox. */
  move: (step: 1 | -1) => void;
  /** Toggles the focused video; with `range`, from the last toggled one. */
  toggleFocused: (range: boolean) => void;
  togglePage: () => void;
  clear: () => void;
  add: () => void;
  remove: () => void;
  page: (step: 1 | -1) => void;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) && !(target instanceof HTMLInputElement && target.type === 'checkbox');

/** Listens for the shortcuts while the screen is shown; keys typed into a field stay the field's (Escape leaves it). */
export function useRetagShortcuts(actions: RetagShortcutActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      // A dialog open on top has its own keys.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const act = latest.current;
      if (typing(event.target)) {
        if (event.key === 'Escape' && event.target instanceof HTMLElement) event.target.blur();
        return;
      }
      const handlers: Record<string, () => void> = {
        '/': act.focusSearch,
        t: act.focusTagFinder,
        j: () => act.move(1),
        k: () => act.move(-1),
        ArrowDown: () => act.move(1),
        ArrowUp: () => act.move(-1),
        x: () => act.toggleFocused(false),
        X: () => act.toggleFocused(true),
        a: act.togglePage,
        Escape: act.clear,
        '+': act.add,
        '-': act.remove,
        n: () => act.page(1),
        p: () => act.page(-1),
      };
      // Arrows move between videos only from within the list; elsewhere they scroll the page as usual.
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !(event.target instanceof HTMLElement && event.target.closest('[data-testid="retag-videos"]'))) return;
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

type ShortcutText = 'search' | 'move' | 'toggle' | 'range' | 'all' | 'clear' | 'tag' | 'add' | 'remove' | 'page';

const KEYS: ReadonlyArray<[keys: string[], text: ShortcutText]> = [
  [['/'], 'search'],
  [['J', 'K'], 'move'],
  [['X'], 'toggle'],
  [['Shift', 'X'], 'range'],
  [['A'], 'all'],
  [['Esc'], 'clear'],
  [['T'], 'tag'],
  [['+'], 'add'],
  [['−'], 'remove'],
  [['N', 'P'], 'page'],
];

/** The shortcuts, listed on the screen. */
export function RetagShortcutsHelp() {
  const { t } = useTranslation();
  return (
    <details className="bo-retag__shortcuts" open data-testid="retag-shortcuts">
      <summary>{t('boTags.retag.shortcuts.title')}</summary>
      <dl>
        {KEYS.map(([keys, text]) => (
          <div key={text}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? (text === 'range' ? ' + ' : ' / ') : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`boTags.retag.shortcuts.${text}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
