// The benchmark imports the stylesheet for its side effect (Vite injects it); TypeScript needs to know the module.
declare module '*.css';
