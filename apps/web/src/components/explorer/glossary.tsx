'use client';

import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { termMatches, type GlossaryGroup } from './glossary-terms';
import { glossaryMessages as t } from './messages';
import styles from './glossary.module.css';

/** The glossary with its search box: every term stays in the server-rendered HTML, the search only hides. */
export function Glossary({ groups }: { groups: GlossaryGroup[] }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const inputId = useId();
  const names = useMemo(
    () => new Map(groups.flatMap((g) => g.terms.map((term) => [term.id, term.term] as const))),
    [groups],
  );
  const visible = useMemo(
    () =>
      new Set(
        groups.flatMap((g) => g.terms.filter((term) => termMatches(term, deferred)).map((term) => term.id)),
      ),
    [groups, deferred],
  );
  const total = names.size;
  // The term to scroll to once the cleared search shows it.
  const pendingAnchor = useRef<string | null>(null);

  // A link to a term the search hides (a 'Vedi anche' link, a shared #anchor) clears the search first.
  useEffect(() => {
    function onHashChange() {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id || !names.has(id)) return;
      if (document.getElementById(id)?.closest('[hidden]')) {
        setQuery('');
        pendingAnchor.current = id;
      }
    }
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [names]);

  useEffect(() => {
    const id = pendingAnchor.current;
    if (!id || !visible.has(id)) return;
    document.getElementById(id)?.scrollIntoView();
    pendingAnchor.current = null;
  }, [visible]);

  return (
    <>
      <div className={styles.search} role="search">
        <label htmlFor={inputId} className={styles.label}>
          {t.searchLabel}
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.input}
          placeholder={t.searchPlaceholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        <p className={styles.count} role="status" aria-live="polite">
          {visible.size ? t.results(visible.size, total) : t.noResults}
        </p>
      </div>

      <nav aria-label={t.tocLabel} className={styles.toc}>
        <ul>
          {groups.map((group) => (
            <li key={group.id}>
              <a href={`#${group.id}`}>{group.title}</a>
            </li>
          ))}
        </ul>
      </nav>

      {groups.map((group) => {
        const shown = group.terms.filter((term) => visible.has(term.id));
        return (
          <section
            key={group.id}
            aria-labelledby={group.id}
            hidden={shown.length === 0}
            className={styles.group}
          >
            <h2 id={group.id}>{group.title}</h2>
            <div className={styles.terms}>
              {group.terms.map((term) => (
                <div
                  key={term.id}
                  id={term.id}
                  hidden={!visible.has(term.id)}
                  className={styles.term}
                  data-testid="glossary-term"
                >
                  <h3 className={styles.termTitle}>
                    {term.color && (
                      <span className={styles.swatch} style={{ background: term.color }} aria-hidden="true" />
                    )}
                    {term.term}{' '}
                    <a href={`#${term.id}`} className={styles.permalink} aria-label={t.permalink(term.term)}>
                      #
                    </a>
                  </h3>
                  <div className={styles.definition}>
                    {term.definition.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                    {term.eerCodes && (
                      <p>
                        <strong>{t.eerCodes}:</strong>{' '}
                        {term.eerCodes.length ? term.eerCodes.join(', ') : t.noEerCodes}
                      </p>
                    )}
                    {term.seeAlso && term.seeAlso.some((id) => names.has(id)) && (
                      <p className={styles.seeAlso}>
                        {t.seeAlso}:{' '}
                        {term.seeAlso
                          .filter((id) => names.has(id))
                          .map((id, index) => (
                            <span key={id}>
                              {index > 0 && ', '}
                              <a href={`#${id}`}>{names.get(id)}</a>
                            </span>
                          ))}
                      </p>
                    )}
                  </div>
                </div>
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}
