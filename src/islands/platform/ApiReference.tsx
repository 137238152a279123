import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ApiOperation } from '../../api/structs/openapi.ts';
import { $apiReference, loadApiReference } from '../../stores/platform/apiReference.ts';
import './platform.css';

/** Names of body fields and whether each is required, from a JSON Schema object. */
function bodyFields(operation: ApiOperation): { name: string; required: boolean }[] {
  const content = operation.requestBody?.content ?? {};
  const schema = (Object.values(content)[0]?.schema ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.keys(schema.properties ?? {}).map((name) => ({ name, required: schema.required?.includes(name) ?? false }));
}

/** Who may call: "вход не нужен", "вход по желанию", an API key, or the session headers. */
function authText(operation: ApiOperation): string {
  if (operation.security === undefined) return 'нужна сессия';
  if (operation.security.some((option) => 'apiKey' in option)) return 'нужен API-ключ';
  return operation.security.length === 0 ? 'без входа' : 'сессия по желанию';
}

/** The readable reference of the public API, from /105/api/openapi.json. */
export default function ApiReference() {
  const { view } = useStore($apiReference);
  useEffect(() => void loadApiReference(), []);
  if (view.kind === 'loading') return <p role="status">Загружаем описание API…</p>;
  if (view.kind === 'failed') {
    return (
      <p role="alert" className="platform-error">
        {view.message} <button type="button" className="btn btn--ghost" onClick={() => void loadApiReference()}>Повторить</button>
      </p>
    );
  }
  return (
    <div className="api-reference">
      <p>
        Версия {view.version}. Машиночитаемое описание: <a href="/105/api/openapi.json">/105/api/openapi.json</a> (OpenAPI 3.1).
      </p>
      <nav aria-label="Разделы API">
        <ul className="api-reference__toc">
          {view.sections.map((section) => (
            <li key={section.tag}>
              <a href={`#${encodeURIComponent(section.tag)}`}>{section.tag}</a>
            </li>
          ))}
        </ul>
      </nav>
      {view.sections.map((section) => (
        <section key={section.tag} id={encodeURIComponent(section.tag)}>
          <h2>{section.tag}</h2>
          {section.entries.map(({ method, path, operation }) => {
            const params = operation.parameters ?? [];
            const fields = bodyFields(operation);
            return (
              <article key={`${method} ${path}`} className="api-reference__call" id={operation.operationId}>
                <h3>
                  <code>
                    {method} {path}
                  </code>
                </h3>
                <p>
                  {operation.summary} · <i>{authText(operation)}</i>
                </p>
                {params.length > 0 && (
                  <p>
                    Параметры:{' '}
                    {params.map((p, i) => (
                      <span key={p.name}>
                        {i > 0 && ', '}
                        <code>{p.name}</code>
                        {p.required ? '*' : ''} <small>({p.in === 'path' ? 'в пути' : 'в запросе'})</small>
                      </span>
                    ))}
                  </p>
                )}
                {fields.length > 0 && (
                  <p>
                    Тело:{' '}
                    {fields.map((f, i) => (
                      <span key={f.name}>
                        {i > 0 && ', '}
                        <code>{f.name}</code>
                        {f.required ? '*' : ''}
                      </span>
                    ))}
                  </p>
                )}
                <p className="api-reference__codes">
                  Ответы: {Object.keys(operation.responses).map((code) => `${code} ${operation.responses[code]?.description ?? ''}`).join('; ')}
                </p>
              </article>
            );
          })}
        </section>
      ))}
    </div>
  );
}
