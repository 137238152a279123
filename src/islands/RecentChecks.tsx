import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $recentChecks, forgetCheck, recentCheckKey, recentCheckLabel } from '../stores/recentChecks.ts';
import type { RecentCheck } from '../stores/recentChecks.ts';

type Props = {
  /** A search runs: the buttons wait. */
  busy: boolean;
  /** Searches the document again. */
  onRun: (check: RecentCheck) => void;
};

/**
 * «Недавние проверки» under the search form: the documents this browser searched, one tap each to
 * check again, and a cross to forget one. Kept in this browser only (src/stores/recentChecks.ts).
 */
export function RecentChecks({ busy, onRun }: Props) {
  const checks = useStore($recentChecks);
  // Local storage is the browser's: the page's HTML is built without it, so the list appears once the island runs.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || checks.length === 0) return null;
  return (
    <section className="recent-checks" aria-labelledby="recent-checks-title">
      <h2 id="recent-checks-title" className="recent-checks__title">
        Недавние проверки
      </h2>
      <ul className="recent-checks__list">
        {checks.map((check) => {
          const label = recentCheckLabel(check);
          const key = recentCheckKey(check);
          return (
            <li key={key} className="recent-checks__item">
              <button type="button" className="recent-checks__run" disabled={busy} onClick={() => onRun(check)} aria-label={`Проверить ещё раз: ${label}`}>
                {/* A plate or a document number never breaks inside; a long label breaks between them. */}
                {label.split(' · ').map((part, i) => (
                  <span key={part}>
                    {i > 0 && ' · '}
                    <span className="recent-checks__part">{part}</span>
                  </span>
                ))}
              </button>
              <button type="button" className="recent-checks__forget" onClick={() => forgetCheck(key)} aria-label={`Убрать из недавних: ${label}`}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="recent-checks__note">Хранятся только в этом браузере.</p>
    </section>
  );
}
