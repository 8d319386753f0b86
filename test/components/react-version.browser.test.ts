import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { expect, it } from 'vitest';

it('runs on the React its project names (browser: 19, react18: 18.3)', () => {
  const expected = __EXPECTED_REACT_MAJOR__;
  expect(version.split('.')[0]).toBe(expected);
  expect(domVersion).toBe(version);
});
