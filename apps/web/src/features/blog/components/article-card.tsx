import type { BlogArticleSummary, Language } from '@velora/shared';
import { Link } from 'react-router';
import { formatPublished, isoDate } from '../format-date';
import { Picture } from '@/components/picture';

/** One article in the list: the whole card is one link, named by the title. */
export function ArticleCard({ article, href, language }: { article: BlogArticleSummary; href: string; language: Language }) {
  return (
    <article className="article-card" lang={article.language}>
      {article.cover_small ?? article.cover ? (
        <Picture
          className="article-card__cover"
          src={(article.cover_small ?? article.cover)!}
          variantsOf={article.cover}
          sizes="(min-width: 1280px) 360px, (min-width: 720px) 45vw, 92vw"
          alt=""
          width={370}
          height={206}
          loading="lazy"
        />
      ) : (
        <span className="article-card__cover article-card__cover--empty" aria-hidden="true" />
      )}
      <div className="article-card__body">
        <p className="article-card__meta">
          <span className="chip chip--small">{article.category.name}</span>
          <time dateTime={isoDate(article.published_at)}>{formatPublished(article.published_at, language)}</time>
        </p>
        <h2 className="article-card__title">
          <Link className="article-card__link" to={href}>
            {article.title}
          </Link>
        </h2>
        <p className="article-card__excerpt">{article.excerpt}</p>
      </div>
    </article>
  );
}
