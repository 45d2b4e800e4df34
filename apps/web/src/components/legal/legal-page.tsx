import { getLegalHtml } from '../../lib/legal.server';
import type { LegalDocument } from '../../content/legal';

/** A legal text (already sanitized) under its title. */
export async function LegalPage({ title, document }: { title: string; document: LegalDocument }) {
  const html = await getLegalHtml(document);
  return (
    <article className="legal-text">
      <h1>{title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
