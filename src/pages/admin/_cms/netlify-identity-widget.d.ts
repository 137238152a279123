/** The widget's bundle has no types; imported for its side effect (it sets window.netlifyIdentity). */
declare module 'netlify-identity-widget';
