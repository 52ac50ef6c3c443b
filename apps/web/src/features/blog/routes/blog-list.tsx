import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { Pagination } from '@/components/pagination';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { useArticles } from '../api/get-articles';
import { ArticleCard } from '../components/article-card';
import { BlogFilters } from '../components/blog-filters';
import { blogRedirect, readBlogParams, writeBlogParams } from '../blog-params';
import '../blog.css';

function ListSkeleton() {
  return (
    <div className="article-grid" aria-hidden="true">
      {[0, 1, 2].map((n) => (
        <div key={n} className="article-card">
          <Skeleton className="article-card__cover" />
          <div className="article-card__body">
            <Skeleton width="40%" height="0.9rem" />
            <Skeleton width="85%" height="1.4rem" />
            <Skeleton width="100%" height="0.9rem" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /blog (English, French) and /lecker_blog (German): articles with title search and category filter in the URL. */
export default function BlogListRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = readBlogParams(search);
  const listPath = paths.blog(language);
  const query = useArticles({ lang: language, ...params });

  const redirect = blogRedirect(location.pathname, location.search, listPath);
  if (redirect) return <Navigate to={redirect} replace />;

  const hrefFor = (page: number) => `?${writeBlogParams({ ...params, page }, search).toString()}`;
  const filtered = params.title !== null || params.category !== null;
  const data = query.data;

  return (
    <div className="page blog" data-testid="blog-list">
      <header className="page-header">
        <h1 className="page-header__title">{t('blog.title')}</h1>
        <p className="page-header__subtitle">{t('blog.intro')}</p>
      </header>
      <BlogFilters
        title={params.title}
        category={params.category}
        categories={data?.categories ?? []}
        onChange={(next) => void navigate({ search: `?${writeBlogParams({ ...next, page: 1 }, search).toString()}` })}
      />
      <div className="blog__results" aria-busy={query.isFetching || undefined}>
        {data ? (
          <p className="blog__count" role="status">
            {t('blog.results', { count: data.total })}
            {filtered ? (
              <>
                {' · '}
                <Link className="text-link" to={listPath}>
                  {t('blog.clear')}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        {query.isPending ? (
          <>
            <span className="visually-hidden" role="status">
              {t('blog.loading')}
            </span>
            <ListSkeleton />
          </>
        ) : query.isError && !data ? (
          <ErrorState title={t('blog.error')} onRetry={() => void query.refetch()} />
        ) : data && data.articles.length === 0 ? (
          filtered ? (
            <StatusMessage title={t('blog.empty.title')} text={t('blog.empty.text')} />
          ) : (
            <StatusMessage title={t('blog.emptyAll.title')} text={t('blog.emptyAll.text')} />
          )
        ) : data ? (
          <>
            <div className={['article-grid', query.isPlaceholderData ? 'article-grid--stale' : ''].filter(Boolean).join(' ')}>
              {data.articles.map((article) => (
                <ArticleCard key={article.id} article={article} href={paths.blog(language, article.alias)} language={language} />
              ))}
            </div>
            <Pagination page={data.params.page} pages={data.pages} hrefFor={hrefFor} />
          </>
        ) : null}
      </div>
    </div>
  );
}
