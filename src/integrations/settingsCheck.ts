import type { AstroIntegration } from 'astro';
import { assertOperatorForBuild } from '../lib/operator.ts';

/** Fails `astro build` when the operator's requisites are unset or test values (issue 15 item 14). */
export function settingsCheck(): AstroIntegration {
  return {
    name: 'settings-check',
    hooks: {
      'astro:build:start': () => {
        assertOperatorForBuild(process.env);
      },
    },
  };
}
