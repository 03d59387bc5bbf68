/** The development entry of the pages' JSX runtime (what a JSX transform in development mode imports). */
export { Fragment, jsxDEV, jsx, jsxs } from './jsx-runtime.js';
