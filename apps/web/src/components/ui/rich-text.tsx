import './rich-text.css';

/**
 * HTML from the server, which sanitizes every body it stores and serves (content, messages):
 * only that HTML is rendered here, never text typed on the client.
 */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  return <div className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
