import { Marked } from 'marked';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '@/components/sanitized-html';

// The live preview renders the Markdown as the server does on save (marked, GitHub's flavour) and shows it through
// the app's sanitiser (DOMPurify): what the writer sees is what readers get, less nothing the server keeps
// (decision record 073). The deferred value keeps typing smooth in a long article.

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The article as readers will see it: title, excerpt and text, updated while the writer types. */
export function MarkdownPreview({ title, excerpt, markdown, lang }: { title: string; excerpt: string; markdown: string; lang: string }) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(markdown);
  const html = useMemo(() => marked.parse(deferred, { async: false }), [deferred]);
  return (
    <section className="bo-blog__preview" aria-labelledby="bo-blog-preview-title" data-testid="bo-blog-preview">
      <h2 id="bo-blog-preview-title" className="backoffice__card-title">
        {t('boBlog.editor.preview')}
      </h2>
      <p className="backoffice__muted">{t('boBlog.editor.previewText')}</p>
      <div className="bo-blog__preview-page" lang={lang}>
        {title ? <p className="bo-blog__preview-title">{title}</p> : null}
        {excerpt ? <p className="bo-blog__preview-excerpt">{excerpt}</p> : null}
        {deferred.trim() === '' ? <p className="backoffice__muted">{t('boBlog.editor.previewEmpty')}</p> : <SanitizedHtml html={html} testId="bo-blog-preview-body" />}
      </div>
    </section>
  );
}
