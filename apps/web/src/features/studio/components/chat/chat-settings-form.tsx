import { useQueryClient } from '@tanstack/react-query';
import type { StudioChatSettings } from '@velora/shared';
import { CHAT_BANNED_WORD_MAX, CHAT_BANNED_WORDS_MAX } from '@velora/shared';
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { setStudioChat } from '../../api/get-studio-chat';
import { updateStudioChatSettings } from '../../api/update-studio-chat-settings';
import { chatRefusalOf } from '../../chat-refusal';

/** The slow-mode choices, in seconds (0: off). */
export const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60] as const;

/** Her room's rules: slow mode and the words the room refuses (an editable list), saved together. */
export function ChatSettingsForm({ settings }: { settings: StudioChatSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const slowId = useId();
  const wordId = useId();
  const [slow, setSlow] = useState(settings.slow_mode_seconds);
  const [words, setWords] = useState<string[]>(settings.banned_words);
  const [word, setWord] = useState('');
  const [wordError, setWordError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  // The server's rules changed (slow mode from the room, a save in another tab): taken over unless she is editing.
  const synced = useRef(settings);
  useEffect(() => {
    const before = synced.current;
    synced.current = settings;
    if (before === settings) return;
    const untouched = slow === before.slow_mode_seconds && words.join('\u0000') === before.banned_words.join('\u0000');
    if (untouched) {
      setSlow(settings.slow_mode_seconds);
      setWords(settings.banned_words);
    }
  }, [settings, slow, words]);
  // A slow mode set elsewhere (another tab) that is not one of the choices still shows as itself.
  const choices = SLOW_MODE_CHOICES.includes(slow as (typeof SLOW_MODE_CHOICES)[number]) ? [...SLOW_MODE_CHOICES] : [...SLOW_MODE_CHOICES, slow].sort((a, b) => a - b);

  const addWord = () => {
    const value = word.trim();
    if (value === '') return setWordError(t('studioChat.settings.wordEmpty'));
    if (value.length > CHAT_BANNED_WORD_MAX) return setWordError(t('studioChat.settings.wordTooLong', { max: CHAT_BANNED_WORD_MAX }));
    if (words.some((w) => w.toLowerCase() === value.toLowerCase())) return setWordError(t('studioChat.settings.wordTwice'));
    if (words.length >= CHAT_BANNED_WORDS_MAX) return setWordError(t('studioChat.settings.wordsFull', { max: CHAT_BANNED_WORDS_MAX }));
    setWords([...words, value]);
    setWord('');
    setWordError(null);
    setResult(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setResult(null);
    try {
      const chat = await updateStudioChatSettings({ slow_mode_seconds: slow, banned_words: words });
      setWords(chat.settings.banned_words);
      setSlow(chat.settings.slow_mode_seconds);
      synced.current = chat.settings;
      setStudioChat(queryClient, chat);
      setResult({ tone: 'success', text: t('studioChat.settings.saved') });
    } catch (failure) {
      setResult({ tone: 'error', text: chatRefusalOf(failure, t) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="studio-chat__section studio-chat__settings" aria-labelledby="studio-chat-settings-title" onSubmit={(event) => void save(event)} data-testid="chat-settings" noValidate>
      <h3 id="studio-chat-settings-title" className="studio-chat__subtitle">
        {t('studioChat.settings.title')}
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={slowId}>
          {t('studioChat.settings.slowMode')}
        </label>
        <span className="select-wrap">
          <select id={slowId} className="select" value={slow} onChange={(event) => setSlow(Number(event.currentTarget.value))}>
            {choices.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 0 ? t('studioChat.settings.slowOff') : t('studioChat.settings.slowSeconds', { count: seconds })}
              </option>
            ))}
          </select>
        </span>
      </div>
      <div className={wordError ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={wordId}>
          {t('studioChat.settings.wordLabel')}
        </label>
        <div className="studio-chat__word-row">
          <input
            id={wordId}
            className="input"
            value={word}
            maxLength={CHAT_BANNED_WORD_MAX + 10}
            aria-invalid={wordError ? true : undefined}
            aria-describedby={wordError ? `${wordId}-error` : `${wordId}-hint`}
            onChange={(event) => setWord(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addWord();
              }
            }}
          />
          <button type="button" className="button button--secondary button--small" onClick={addWord}>
            {t('studioChat.settings.addWord')}
          </button>
        </div>
        {wordError ? (
          <p id={`${wordId}-error`} className="field__error">
            {wordError}
          </p>
        ) : (
          <p id={`${wordId}-hint`} className="field__hint">
            {t('studioChat.settings.wordHint')}
          </p>
        )}
      </div>
      {words.length === 0 ? (
        <p className="studio-chat__muted">{t('studioChat.settings.noWords')}</p>
      ) : (
        <ul className="studio-chat__words" aria-label={t('studioChat.settings.wordsLabel')} data-testid="chat-banned-words">
          {words.map((w) => (
            <li key={w} className="studio-chat__word">
              <span>{w}</span>
              <button
                type="button"
                className="icon-button studio-chat__word-remove"
                aria-label={t('studioChat.settings.removeWord', { word: w })}
                onClick={() => {
                  setWords(words.filter((other) => other !== w));
                  setResult(null);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
      <div className="form__row form__row--end">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('studioChat.saving') : t('studioChat.settings.save')}
        </button>
      </div>
    </form>
  );
}
