import { BlogAliasParam, BlogArticle, BlogArticleQuery, BlogList, BlogListQuery } from '../contracts/blog';
import { defineEndpoint } from './define-endpoint';

export const blogEndpoints = {
  'blog.list': defineEndpoint({
    method: 'GET',
    path: '/blog',
    query: BlogListQuery,
    response: BlogList,
    status: 200,
    answer: 'json',
    errors: [400],
    capability: 'public',
    summary: 'A page of blog articles in one language, newest first',
    description: '`title` matches part of the title (any case); `category` is a category slug or id. Also lists every category.',
    tags: ['blog'],
  }),
  'blog.article': defineEndpoint({
    method: 'GET',
    path: '/blog/:alias',
    params: BlogAliasParam,
    query: BlogArticleQuery,
    response: BlogArticle,
    status: 200,
    answer: 'json',
    errors: [400, 404],
    capability: 'public',
    summary: 'One blog article by its alias, with its sanitised HTML',
    description: 'Without `lang`, the article with that alias in any language (English first). 404 when there is none.',
    tags: ['blog'],
  }),
};
