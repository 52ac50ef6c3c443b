import { BO_BLOG_STATUSES, LANGUAGES, clampPage, type BoBlogArticleSummary, type BoBlogStatus, type Language } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '@/components/pagination';
import { SelectField } from '@/components/select-field';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { useContentLanguage } from '@/lib/content-language';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useBlogArticles, type BlogArticleFilters } from '../api/get-blog-articles';
import { BlogCategories } from '../components/blog-categories';
import { StatusChip, useDateFormat } from '../components/article-status';
import '../blog-writing.css';

const isLanguage = (value: string | null): value is Language => (LANGUAGES as readonly string[]).includes(value ?? '');
const isStatus = (value: string | null): value is BoBlogStatus => (BO_BLOG_STATUSES as readonly string[]).includes(value ?? '');

function ArticleRow({ article }: { article: BoBlogArticleSummary }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <tr data-testid="bo-blog-article" data-status={article.status} data-language={article.language}>
      <th scope="row" data-label={t('boBlog.columns.title')}>
        <Link to={paths.backofficeBlogArticle(article.id)}>{article.title}</Link>
        <br />
        <span className="backoffice__muted">/{article.alias}</span>
      </th>
      <td data-label={t('boBlog.columns.language')}>{t(`boBlog.languages.${article.language}`)}</td>
      <td data-label={t('boBlog.columns.category')}>{article.category.name}</td>
      <td data-label={t('boBlog.columns.status')}>
        <StatusChip status={article.status} />
        {article.publish_at !== null ? (
          <>
            <br />
            <span className="backoffice__muted">
              {t(article.status === 'scheduled' ? 'boBlog.scheduledFor' : 'boBlog.publishedOn', { date: format(article.publish_at) })}
            </span>
          </>
        ) : null}
      </td>
      <td data-label={t('boBlog.columns.changed')}>{format(article.updated_at)}</td>
    </tr>
  );
}

/** /backoffice/blog: every article with its status, by language, status and search; the categories (blog.write). */
export default function BlogArticlesRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const langParam = searchParams.get('lang');
  const statusParam = searchParams.get('status');
  const filters: BlogArticleFilters = {
    page: clampPage(searchParams.get('page') ?? undefined),
    lang: isLanguage(langParam) ? langParam : '',
    status: isStatus(statusParam) ? statusParam : '',
    q: searchParams.get('q') ?? '',
  };
  const [draft, setDraft] = useState({ lang: filters.lang, status: filters.status, q: filters.q });
  const articles = useBlogArticles(filters);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(new URL(paths.backofficeBlog(draft), window.location.origin).searchParams);
  };
  const clear = () => {
    setDraft({ lang: '', status: '', q: '' });
    setSearchParams(new URLSearchParams());
  };

  let body;
  if (articles.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boBlog.loading')}
      </p>
    );
  } else if (articles.isError) {
    body = <ErrorState title={t('boBlog.loadFailed')} onRetry={() => void articles.refetch()} />;
  } else if (articles.data.articles.length === 0) {
    body = <StatusMessage title={t('boBlog.empty')} />;
  } else {
    const { data } = articles;
    body = (
      <>
        <p className="backoffice__summary" role="status">
          {t('boBlog.total', { count: data.total })}
        </p>
        <div className="backoffice__scroll">
          <table className="backoffice__table" data-testid="bo-blog-table">
            <caption className="visually-hidden">{t('boBlog.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('boBlog.columns.title')}</th>
                <th scope="col">{t('boBlog.columns.language')}</th>
                <th scope="col">{t('boBlog.columns.category')}</th>
                <th scope="col">{t('boBlog.columns.status')}</th>
                <th scope="col">{t('boBlog.columns.changed')}</th>
              </tr>
            </thead>
            <tbody>
              {data.articles.map((article) => (
                <ArticleRow key={article.id} article={article} />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={data.page} pages={data.pages} hrefFor={(page) => paths.backofficeBlog({ ...filters, page })} />
      </>
    );
  }

  const languageOptions = LANGUAGES.map((code) => ({ value: code, label: t(`boBlog.languages.${code}`) }));
  const statusOptions = BO_BLOG_STATUSES.map((status) => ({ value: status, label: t(`boBlog.statuses.${status}`) }));
  return (
    <BackofficeFrame title={t('boBlog.title')} intro={t('boBlog.intro')} titleId="bo-blog-title">
      <p className="bo-blog__lead">
        <Link className="button button--primary" to={paths.backofficeBlogNew()} data-testid="bo-blog-new">
          {t('boBlog.newArticle')}
        </Link>
      </p>
      <form className="backoffice__filters" role="search" aria-label={t('boBlog.filters')} onSubmit={apply} lang={language}>
        <TextField label={t('boBlog.search')} type="search" value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} maxLength={100} />
        <SelectField
          label={t('boBlog.language')}
          options={languageOptions}
          placeholder={t('boBlog.any')}
          value={draft.lang}
          onChange={(event) => setDraft({ ...draft, lang: isLanguage(event.target.value) ? event.target.value : '' })}
        />
        <SelectField
          label={t('boBlog.status')}
          options={statusOptions}
          placeholder={t('boBlog.any')}
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: isStatus(event.target.value) ? event.target.value : '' })}
        />
        <div className="backoffice__filters-actions">
          <button type="submit" className="button button--primary">
            {t('boBlog.apply')}
          </button>
          <button type="button" className="button" onClick={clear}>
            {t('boBlog.reset')}
          </button>
        </div>
      </form>
      {body}
      <BlogCategories />
    </BackofficeFrame>
  );
}
