import { RichText } from '../../components/ui/rich-text';
import type { ContentListItem } from './api/content-list';

/**
 * A page of a group (a help question, an about document) that opens to its body in place: a
 * native details element, so keyboard and screen readers work.
 */
export function FaqItem({ entry, tag, testId }: { entry: ContentListItem; tag?: string | null; testId: string }) {
  return (
    <details className="faq-item" data-key={entry.key}>
      <summary>
        <span className="faq-q">
          {tag && <span className="faq-tag">{tag}</span>}
          {entry.title}
        </span>
        <span className="faq-arrow" aria-hidden="true" />
      </summary>
      <RichText html={entry.body} testId={testId} />
    </details>
  );
}
