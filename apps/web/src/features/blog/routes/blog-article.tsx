import type { Language } from '@velora/shared';
import { LANGUAGE_TAGS, isLanguage } from '@velora/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/paths';
import { SanitizedHtml } from '@/components/sanitized-html';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { isApiError } from '@/lib/http';
import { useArticle } from '../api/get-article';
import { blogRedirect } from '../blog-params';
import { formatPublished, isoDate } from '../format-date';
import '../blog.css';
import { Picture } from '@/components/picture';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français' };

/** Navigation state of a link that asks for one language version on purpose ("Also available in"). */
interface ArticleLinkState {
  chosenLanguage?: boolean;
}

function Article({ alias, language }: { alias: string; language: Language }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const chosen = (location.state as ArticleLinkState | null)?.chosenLanguage === true;
  const query = useArticle(alias, language);

  // An article in another language than the page's (e.g. after switching language here): go to its version in
  // the page language when there is one, unless the reader picked this version on purpose.
  useEffect(() => {
    const article = query.data;
    if (!article || chosen || article.language === language) return;
    const translation = article.translations.find((tr) => tr.language === language);
    if (translation && translation.alias !== alias) void navigate(paths.blog(language, translation.alias), { replace: true });
  }, [query.data, chosen, language, alias, navigate]);

  if (query.isPending) {
    return (
      <div className="page page--narrow blog-article" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
        <Skeleton width="70%" height="2.4rem" />
        <Skeleton width="100%" height="14rem" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="page page--narrow blog-article">
        {isApiError(query.error, 404) ? (
          <StatusMessage
            title={t('blog.notFound.title')}
            text={t('blog.notFound.text')}
            action={
              <Link className="button button--primary" to={paths.blog(language)}>
                {t('blog.back')}
              </Link>
            }
          />
        ) : (
          <ErrorState title={t('blog.articleError')} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }

  const article = query.data;
  const others = article.translations.filter((tr) => tr.language !== article.language && isLanguage(tr.language));
  return (
    <article className="page page--narrow blog-article" lang={LANGUAGE_TAGS[article.language]} aria-labelledby="blog-article-title" data-testid="blog-article">
      <Link className="text-link blog-article__back" to={paths.blog(language)}>
        <span aria-hidden="true">‹ </span>
        {t('blog.back')}
      </Link>
      <header className="blog-article__header">
        <p className="article-card__meta">
          <span className="chip chip--small">{article.category.name}</span>
          <time dateTime={isoDate(article.published_at)}>{t('blog.published', { date: formatPublished(article.published_at, language) })}</time>
        </p>
        <h1 id="blog-article-title" className="page-header__title">
          {article.title}
        </h1>
        {article.author ? <p className="blog-article__author">{t('blog.by', { author: article.author })}</p> : null}
      </header>
      {/* The article's largest paint: asked for first. */}
      {article.cover ? <Picture className="blog-article__cover" src={article.cover} sizes="(max-width: 940px) 100vw, 900px" alt="" width={900} height={500} fetchPriority="high" /> : null}
      <SanitizedHtml className="blog-article__body" html={article.body_html} testId="blog-article-body" />
      {others.length > 0 ? (
        <p className="blog-article__translations">
          {t('blog.otherLanguages')}{' '}
          {others.map((tr, index) => (
            <span key={tr.language}>
              {index > 0 ? ', ' : null}
              <Link
                className="text-link"
                to={paths.blog(language, tr.alias)}
                state={{ chosenLanguage: true } satisfies ArticleLinkState}
                hrefLang={LANGUAGE_TAGS[tr.language]}
                lang={LANGUAGE_TAGS[tr.language]}
              >
                {LANGUAGE_NAMES[tr.language]}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </article>
  );
}

/** /blog/{alias} and /lecker_blog/{alias}: one article, its HTML sanitised again before it is shown. */
export default function BlogArticleRoute() {
  const { alias = '' } = useParams();
  const language = useContentLanguage();
  const location = useLocation();
  const redirect = blogRedirect(location.pathname, location.search, paths.blog(language, alias));
  if (redirect) return <Navigate to={redirect} replace />;
  return <Article key={alias} alias={alias} language={language} />;
}
