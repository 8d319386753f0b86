/** The React major a Vitest project runs on ('19', or '18' in the compat projects), set by `define`. */
declare const __EXPECTED_REACT_MAJOR__: string;
