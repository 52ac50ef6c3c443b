import type { ReactNode } from 'react';
import { useId } from 'react';
import { LinkedText } from '@/components/linked-text';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export interface LegalContent {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

interface LegalDocumentProps {
  content: LegalContent;
  /** Shown right after the intro (a form, the company details). */
  lead?: ReactNode;
  /** Shown after the sections. */
  children?: ReactNode;
  testId?: string;
  /** Where tagged words of the intro, paragraphs and items link to (`<playdates>…</playdates>`, see LinkedText). */
  links?: Readonly<Record<string, string | null>>;
}

const NO_LINKS = {};

/** A legal or info page: title, intro and a few short sections, each a landmark with its heading. */
export function LegalDocument({ content, lead, children, testId, links = NO_LINKS }: LegalDocumentProps) {
  const id = useId();
  return (
    <article className="page page--narrow legal-page" aria-labelledby={`${id}-title`} data-testid={testId}>
      <header className="page-header legal-page__header">
        <h1 id={`${id}-title`} className="page-header__title">
          {content.title}
        </h1>
        <p className="page-header__subtitle">
          <LinkedText text={content.intro} links={links} />
        </p>
      </header>
      {lead}
      {content.sections.map((section, index) => (
        <section key={section.heading} className="legal-page__section" aria-labelledby={`${id}-s${index}`}>
          <h2 id={`${id}-s${index}`} className="legal-page__heading">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <LinkedText text={paragraph} links={links} />
            </p>
          ))}
          {section.items && section.items.length > 0 ? (
            <ul className="legal-page__list">
              {section.items.map((item) => (
                <li key={item}>
                  <LinkedText text={item} links={links} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {children}
    </article>
  );
}
