// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { version } from 'react';
import { expect, it } from 'vitest';

it('runs on the React its project names (unit: 19, react18-hooks: 18.3), Testing Library included', () => {
  const expected = __EXPECTED_REACT_MAJOR__;
  expect(version.split('.')[0]).toBe(expected);
  // An element from this React renders through Testing Library's react-dom: both are the same React.
  render(<p>rendered by React {version}</p>);
  expect(screen.getByText(`rendered by React ${version}`)).toBeTruthy();
});
