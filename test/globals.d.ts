/** The React major a Vitest project runs on ('19', or '18' in the compat projects), set by `define`. */
declare const __EXPECTED_REACT_MAJOR__: string;
/** The msw version a project of compat/node-lts resolves, set by `define`. */
declare const __EXPECTED_MSW_VERSION__: string;
/** The Node major compat/node-lts installs and runs on, set by `define`. */
declare const __EXPECTED_NODE_MAJOR__: string;
