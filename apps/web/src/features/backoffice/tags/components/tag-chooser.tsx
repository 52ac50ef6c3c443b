import type { Tag } from '@velora/shared';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tagName, useContentLanguage } from '@/lib/content-language';

const MATCHES_SHOWN = 12;

/** Matches any of the tag's three names, so a retagger finds "Beach" by typing "Strand" as well. */
const matches = (tag: Tag, text: string) => [tag.name_en, tag.name_de, tag.name_fr].some((name) => name.toLocaleLowerCase().includes(text));

interface TagChooserProps {
  tags: readonly Tag[];
  chosen: readonly Tag[];
  onChange: (chosen: Tag[]) => void;
}

/** The tags to add or remove: a finder (Enter chooses the first match) and the chosen ones as removable chips. */
export const TagChooser = forwardRef<HTMLInputElement, TagChooserProps>(function TagChooser({ tags, chosen, onChange }, ref) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const id = useId();
  const [text, setText] = useState('');
  const wanted = text.trim().toLocaleLowerCase();
  const chosenIds = new Set(chosen.map((tag) => tag.id));
  const found = tags.filter((tag) => !chosenIds.has(tag.id) && (wanted === '' || matches(tag, wanted))).slice(0, MATCHES_SHOWN);
  const choose = (tag: Tag) => {
    onChange([...chosen, tag]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (found[0] && wanted !== '') choose(found[0]);
    }
  };

  return (
    <fieldset className="bo-retag__chooser" data-testid="tag-chooser">
      <legend>{t('boTags.retag.chooseTags')}</legend>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('boTags.retag.findTag')}
        </label>
        <input
          ref={ref}
          id={id}
          className="field__input"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          data-shortcut-field="tag"
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('boTags.retag.findTagHint')}
        </p>
      </div>
      {found.length > 0 ? (
        <ul className="bo-retag__matches" aria-label={t('boTags.retag.matches')}>
          {found.map((tag) => (
            <li key={tag.id}>
              <button type="button" className="button button--small button--ghost" onClick={() => choose(tag)}>
                + {tagName(tag, language)}
              </button>
            </li>
          ))}
        </ul>
      ) : wanted !== '' ? (
        <p className="backoffice__muted">{t('boTags.retag.noTagMatch')}</p>
      ) : null}
      <div aria-live="polite">
        <h3 className="visually-hidden">{t('boTags.retag.chosen')}</h3>
        {chosen.length === 0 ? (
          <p className="backoffice__muted">{t('boTags.retag.nothingChosen')}</p>
        ) : (
          <ul className="bo-retag__chosen" data-testid="chosen-tags">
            {chosen.map((tag) => (
              <li key={tag.id}>
                <button
                  type="button"
                  className="bo-retag__chip"
                  onClick={() => onChange(chosen.filter((one) => one.id !== tag.id))}
                  aria-label={t('boTags.retag.unchoose', { name: tagName(tag, language) })}
                >
                  {tagName(tag, language)} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
});
