import { setupServer } from 'msw/node';

/** The one msw server of the unit project; its lifecycle is in `setup-unit.ts`. */
export const server = setupServer();
