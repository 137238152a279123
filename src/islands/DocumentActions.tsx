import { useState } from 'react';
import { downloadInBrowser } from '../stores/saveFile.ts';

/** The Cyrillic font the PDFs embed (public/fonts, DejaVu Sans cut to Latin and Cyrillic), fetched when a PDF is asked for. */
export async function pdfFont(): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch('/fonts/DejaVuSans.ttf')).arrayBuffer());
}

/**
 * «Скачать PDF» and «Распечатать» under a document (a receipt, an invoice): the PDF is built in the
 * browser only when asked (its code and font load then), with progress and a message if it fails.
 */
export function DocumentActions({ makePdf, className = '' }: { makePdf: () => Promise<{ bytes: Uint8Array; filename: string }>; className?: string }) {
  const [pdf, setPdf] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <>
      <p className={`document-actions ${className}`.trim()}>
        <button
          type="button"
          className="btn"
          disabled={pdf === 'busy'}
          aria-busy={pdf === 'busy'}
          onClick={() => {
            setPdf('busy');
            makePdf().then(
              ({ bytes, filename }) => {
                downloadInBrowser(filename, new Blob([bytes as BlobPart], { type: 'application/pdf' }));
                setPdf('idle');
              },
              () => setPdf('failed'),
            );
          }}
        >
          {pdf === 'busy' ? 'Готовим PDF…' : 'Скачать PDF'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
          Распечатать
        </button>
      </p>
      {pdf === 'failed' && (
        <p className="form-error" role="alert">
          Не удалось подготовить PDF. Проверьте интернет и попробуйте ещё раз или распечатайте страницу.
        </p>
      )}
    </>
  );
}
