import { RETAG_MAX_VIDEOS, type Tag } from '@velora/shared';
import { clampPage } from '@velora/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { Pagination } from '@/components/pagination';
import { SelectField } from '@/components/select-field';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { tagName, useContentLanguage } from '@/lib/content-language';
import { isApiError } from '@/lib/http';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useRetagVideos as useRetagVideosList, type RetagFilters } from '../api/get-retag-videos';
import { useBackofficeTags } from '../api/get-tags';
import { useRetagVideos } from '../api/retag-videos';
import { RetagShortcutsHelp, useRetagShortcuts } from '../components/retag-shortcuts';
import { RetagVideoList } from '../components/retag-video-list';
import { RetaggerOnly } from '../components/retagger-only';
import { TagChooser } from '../components/tag-chooser';
import { useSelection } from '../components/use-selection';
import '../tags.css';

/** /backoffice/retag: the Retagger's screen (videos.retag): find videos, select many, add or remove tags in one call. */
export default function RetagRoute() {
  const { t } = useTranslation();
  return (
    <BackofficeFrame title={t('boTags.retag.title')} intro={t('boTags.retag.intro')} titleId="bo-retag-title">
      <RetaggerOnly>
        <RetagScreen />
      </RetaggerOnly>
    </BackofficeFrame>
  );
}

function RetagScreen() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: RetagFilters = { page: clampPage(searchParams.get('page') ?? undefined), query: searchParams.get('query') ?? '', tag: searchParams.get('tag') ?? '' };
  const [draft, setDraft] = useState({ query: filters.query, tag: filters.tag });
  const videos = useRetagVideosList(filters);
  const tags = useBackofficeTags();
  const retag = useRetagVideos();
  const { selected, toggle, togglePage, clear } = useSelection();
  const [chosen, setChosen] = useState<Tag[]>([]);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const tagFinderRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const pageIds = videos.data?.videos.map((video) => video.id) ?? [];
  const tooMany = selected.size > RETAG_MAX_VIDEOS;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    // New filters start on their first page.
    setSearchParams(new URL(paths.backofficeRetag(draft), window.location.origin).searchParams);
  };
  const reset = () => {
    setDraft({ query: '', tag: '' });
    setSearchParams(new URLSearchParams());
  };

  const change = (mode: 'add' | 'remove') => {
    if (retag.isPending) return;
    if (selected.size === 0) return setNotice({ tone: 'error', text: t('boTags.retag.needVideos') });
    if (chosen.length === 0) return setNotice({ tone: 'error', text: t('boTags.retag.needTags') });
    if (tooMany) return;
    const ids = chosen.map((tag) => tag.id);
    retag.mutate(
      { video_ids: [...selected], add: mode === 'add' ? ids : [], remove: mode === 'remove' ? ids : [] },
      {
        onSuccess: (result) => {
          const links = t('boTags.retag.links', { count: result.added + result.removed });
          setNotice({ tone: 'success', text: t('boTags.retag.done', { links, videos: t('boTags.retag.onVideos', { count: result.videos.length }) }) });
        },
        onError: (error) => {
          if (isApiError(error, 404)) {
            void videos.refetch();
            void tags.refetch();
            setNotice({ tone: 'error', text: t('boTags.retag.gone') });
          } else setNotice({ tone: 'error', text: t('boTags.retag.failed') });
        },
      },
    );
  };

  const checkboxes = () => [...(listRef.current?.querySelectorAll<HTMLInputElement>('[data-retag-checkbox]') ?? [])];
  useRetagShortcuts({
    focusSearch: () => searchRef.current?.focus(),
    focusTagFinder: () => tagFinderRef.current?.focus(),
    move: (step) => {
      const boxes = checkboxes();
      const at = boxes.findIndex((box) => box === document.activeElement);
      boxes[at === -1 ? (step === 1 ? 0 : boxes.length - 1) : Math.min(boxes.length - 1, Math.max(0, at + step))]?.focus();
    },
    toggleFocused: (range) => {
      const id = Number((document.activeElement as HTMLElement | null)?.dataset.retagCheckbox);
      if (id) toggle(id, range, pageIds);
    },
    togglePage: () => togglePage(pageIds),
    clear: () => {
      clear();
      setNotice(null);
    },
    add: () => change('add'),
    remove: () => change('remove'),
    page: (step) => {
      const next = filters.page + step;
      if (videos.data && next >= 1 && next <= videos.data.pages) void navigate(paths.backofficeRetag({ ...filters, page: next }));
    },
  });

  let body;
  if (videos.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boTags.retag.loading')}
      </p>
    );
  } else if (videos.isError) {
    body = <ErrorState title={t('boTags.retag.loadFailed')} onRetry={() => void videos.refetch()} />;
  } else if (videos.data.videos.length === 0) {
    body = (
      <div data-testid="retag-empty">
        <StatusMessage title={t('boTags.retag.empty')} />
      </div>
    );
  } else {
    body = (
      <div ref={listRef} aria-busy={videos.isPlaceholderData || undefined}>
        <p className="backoffice__summary">{t('boTags.retag.total', { count: videos.data.total })}</p>
        <RetagVideoList videos={videos.data.videos} selected={selected} onToggle={(id, range) => toggle(id, range, pageIds)} onTogglePage={() => togglePage(pageIds)} />
        <Pagination page={videos.data.page} pages={videos.data.pages} hrefFor={(page) => paths.backofficeRetag({ ...filters, page })} />
      </div>
    );
  }

  const tagOptions = [
    { value: 'untagged', label: t('boTags.retag.untagged') },
    ...(tags.data?.tags ?? []).map((tag) => ({ value: String(tag.id), label: tagName(tag, language) })).sort((a, b) => a.label.localeCompare(b.label, language)),
  ];

  return (
    <div className="bo-retag">
        <div className="bo-retag__main">
          <form className="backoffice__filters" onSubmit={apply} aria-label={t('boTags.retag.filters')} role="search">
            <TextField ref={searchRef} label={t('boTags.retag.search')} type="search" value={draft.query} onChange={(event) => setDraft({ ...draft, query: event.target.value })} autoComplete="off" />
            <SelectField label={t('boTags.retag.tagFilter')} value={draft.tag} onChange={(event) => setDraft({ ...draft, tag: event.target.value })} options={tagOptions} placeholder={t('boTags.retag.allVideos')} />
            <div className="backoffice__filters-actions">
              <button type="submit" className="button button--primary">
                {t('boTags.retag.apply')}
              </button>
              <button type="button" className="button" onClick={reset}>
                {t('boTags.retag.reset')}
              </button>
            </div>
          </form>
          {body}
        </div>
        <aside className="bo-retag__panel" aria-labelledby="bo-retag-panel-title">
          <h2 id="bo-retag-panel-title" className="backoffice__card-title" aria-live="polite" data-testid="retag-selected">
            {selected.size === 0 ? t('boTags.retag.noneSelected') : t('boTags.retag.selected', { count: selected.size })}
          </h2>
          {tooMany ? <FormAlert tone="error">{t('boTags.retag.tooMany', { count: RETAG_MAX_VIDEOS })}</FormAlert> : null}
          {selected.size > 0 ? (
            <button type="button" className="button button--small" onClick={clear}>
              {t('boTags.retag.clear')}
            </button>
          ) : null}
          <TagChooser ref={tagFinderRef} tags={tags.data?.tags ?? []} chosen={chosen} onChange={setChosen} />
          <div className="backoffice__row-actions">
            <button type="button" className="button button--primary" onClick={() => change('add')} disabled={retag.isPending || tooMany} aria-busy={retag.isPending || undefined} aria-keyshortcuts="+">
              {retag.isPending ? t('boTags.retag.working') : t('boTags.retag.addTo')}
            </button>
            <button type="button" className="button" onClick={() => change('remove')} disabled={retag.isPending || tooMany} aria-keyshortcuts="-">
              {t('boTags.retag.removeFrom')}
            </button>
          </div>
          <div role="status" data-testid="retag-notice">
            {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          </div>
          <RetagShortcutsHelp />
        </aside>
    </div>
  );
}
