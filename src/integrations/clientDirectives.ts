import type { AstroIntegration } from 'astro';

/** Registers the site's own island directives: client:painted (src/integrations/paintedDirective.ts; Astro inlines it into the pages that use it). */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'painted', entrypoint: './src/integrations/paintedDirective.ts' });
      },
    },
  };
}
