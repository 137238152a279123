import type { AstroIntegration } from 'astro';

/** Registers the site's own island directives: client:painted (src/directives/painted.ts). */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'painted', entrypoint: './src/directives/painted.ts' });
      },
    },
  };
}
