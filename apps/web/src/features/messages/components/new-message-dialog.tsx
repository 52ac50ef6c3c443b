import type { MessageRecipient } from '@velora/shared';
import type { KeyboardEvent, RefObject } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/paths';
import { Dialog } from '@/components/dialog';
import { Avatar } from '@/entities/conversation/avatar';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useRecipients } from '../api/get-recipients';

/** Long enough to skip the keystrokes of a name being typed, short enough to feel live. */
const SEARCH_DELAY_MS = 250;

/**
 * "New message": find a model by name and open the conversation with her. The search field is an ARIA 1.2 combobox
 * over a listbox (focus stays in the field; the arrows move the active option, Enter opens it). A model without an
 * account is listed as unavailable, so a member learns why she cannot be written to instead of finding nothing.
 */
export function NewMessageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('messages.newMessage.title')}
      description={t('messages.newMessage.description')}
      testId="new-message-dialog"
      // Straight into the search, not onto the close button.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        field.current?.focus();
      }}
    >
      {/* Mounted only while open: every opening starts with an empty search. */}
      {open ? <RecipientPicker field={field} onChosen={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function RecipientPicker({ field, onChosen }: { field: RefObject<HTMLInputElement | null>; onChosen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const recipients = useRecipients(search, true);
  const list = recipients.data?.recipients ?? [];
  const [active, setActive] = useState(0);
  const settled = !recipients.isPlaceholderData && !recipients.isFetching && search === text.trim();

  // A new answer starts at its first option.
  useEffect(() => setActive(0), [recipients.data]);

  const activeIndex = list.length === 0 ? -1 : Math.min(active, list.length - 1);

  const choose = (recipient: MessageRecipient | undefined) => {
    if (!recipient?.name) return;
    onChosen();
    void navigate(paths.conversation(recipient.name));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (list.length === 0) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((activeIndex + 1) % list.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((activeIndex - 1 + list.length) % list.length);
        break;
      case 'Enter':
        event.preventDefault();
        choose(list[activeIndex]);
        break;
    }
  };

  let status: string;
  if (recipients.isError && !recipients.data) status = t('messages.newMessage.error');
  else if (!settled && list.length === 0) status = t('messages.newMessage.loading');
  else if (list.length === 0) status = search ? t('messages.newMessage.none', { query: search }) : t('messages.newMessage.empty');
  else status = t('messages.newMessage.count', { count: list.length });

  return (
    <div className="recipient-picker">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('messages.newMessage.label')}
        </label>
        <input
          ref={field}
          id={inputId}
          className="field__input"
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={list.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={hintId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={hintId} className="field__hint">
          {t('messages.newMessage.hint')}
        </p>
      </div>
      <p className="recipient-picker__status" role="status">
        {status}
      </p>
      <ul
        id={listId}
        className={['recipient-picker__list', settled ? '' : 'recipient-picker__list--busy'].filter(Boolean).join(' ')}
        role="listbox"
        aria-label={t('messages.newMessage.list')}
        aria-busy={!settled || undefined}
        hidden={list.length === 0}
      >
        {list.map((recipient, index) => (
          <li
            key={recipient.model_id}
            id={optionId(index)}
            role="option"
            className="recipient-picker__option"
            aria-selected={index === activeIndex}
            aria-disabled={recipient.name === null || undefined}
            // The field keeps focus: a click must not move it to the list.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(recipient)}
          >
            <Avatar correspondent={{ avatar: recipient.avatar, display_name: recipient.display_name }} size="small" />
            <span className="recipient-picker__name">{recipient.display_name}</span>
            {/* The space keeps the name and the note apart in the option's accessible name. */}
            {recipient.name === null ? <> <span className="recipient-picker__note">{t('messages.newMessage.noInbox')}</span></> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
