import type { AstroIntegration } from 'astro';
import { BUSINESS_TERMS, businessProblems } from '../lib/businessTerms.ts';
import { assertOperatorForBuild, buildRefusesTestSettings } from '../lib/operator.ts';

/**
 * Fails `astro build` in production mode when the operator's requisites or the business's figures
 * (content/settings/*.json) are unset or test values (issue 15 items 14, 15).
 */
export function settingsCheck(): AstroIntegration {
  return {
    name: 'settings-check',
    hooks: {
      'astro:build:start': () => {
        assertOperatorForBuild(process.env);
        const problems = businessProblems(BUSINESS_TERMS);
        if (buildRefusesTestSettings(process.env) && problems.length > 0) {
          throw new Error(`content/settings/business.json не готов к публикации: ${problems.join('; ')}. Для тестовой сборки задайте ALLOW_TEST_SETTINGS=1.`);
        }
      },
    },
  };
}
