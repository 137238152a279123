import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { $notices, takeNotices } from '../stores/notices.ts';

/** Spec §9: toasts sit top-right and stay 5000 ms. */
export const TOAST_DURATION_MS = 5_000;

type Sonner = typeof import('sonner');

/**
 * The one listener of the notices store: shows each notice as a toast (sonner). The toast library is
 * loaded only when the first notice arrives, so pages without notices do not pay for it.
 */
export default function Notices() {
  const notices = useStore($notices);
  const [sonner, setSonner] = useState<Sonner | undefined>(undefined);

  useEffect(() => {
    if (notices.length > 0 && sonner === undefined) void import('sonner').then(setSonner);
  }, [notices, sonner]);

  useEffect(() => {
    if (sonner === undefined || notices.length === 0) return;
    // Shown after the Toaster below has mounted, so none is lost.
    for (const notice of notices) sonner.toast[notice.kind](notice.message, { duration: TOAST_DURATION_MS });
    takeNotices(notices.map((notice) => notice.id));
  }, [notices, sonner]);

  if (sonner === undefined) return null;
  const Toaster: ComponentType<Record<string, unknown>> = sonner.Toaster;
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />;
}
