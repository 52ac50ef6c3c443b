import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** `<name>words</name>` in a translated text: the words link to `links[name]`. No nesting, no attributes. */
const TAG = /<([a-z][a-zA-Z]*)>(.*?)<\/\1>/g;

/**
 * A text of our own translations with some words as links, e.g. "host <cams>live sessions</cams>". The text is never
 * parsed as HTML: tags are matched by name, their words become a route link, anything else stays plain text. A tag
 * whose link is missing (null) shows its words unlinked, so a text can name something a person cannot open.
 */
export function LinkedText({ text, links }: { text: string; links: Readonly<Record<string, string | null>> }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, words] = match as unknown as [string, string, string];
    parts.push(text.slice(last, match.index));
    const to = links[name];
    parts.push(
      to ? (
        <Link key={`${match.index}-${name}`} to={to}>
          {words}
        </Link>
      ) : (
        words
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** The words of a text with its link tags taken out: for places that take plain text (titles, keys). */
export function withoutLinkTags(text: string): string {
  return text.replace(TAG, '$2');
}
